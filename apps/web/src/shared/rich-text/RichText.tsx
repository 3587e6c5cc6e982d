import type { MessageFormat } from '@tollgate/contracts';
import { Typography } from 'antd';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { sanitizeHtml } from './sanitize-html';

interface RichTextProps {
  content: string;
  format: MessageFormat;
  /** Lets a screen (and its journeys) find the rendered text. */
  className?: string;
}

/**
 * Text an administrator wrote, shown to others (a message, the site notice, home page, about). HTML goes
 * through DOMPurify before React sets it; Markdown is rendered by react-markdown, which leaves raw HTML in it
 * out (no rehype-raw) and drops unsafe link protocols (javascript:, vbscript:, data:).
 */
export function RichText({ content, format, className }: RichTextProps) {
  return (
    <Typography className={className} style={{ overflowWrap: 'anywhere' }}>
      {format === 'html' ? (
        <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(content) }} />
      ) : (
        <Markdown remarkPlugins={[remarkGfm]}>{content}</Markdown>
      )}
    </Typography>
  );
}
