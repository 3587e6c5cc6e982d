import type { MessageFormat } from '@tollgate/contracts';
import { Typography } from 'antd';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { sanitizeMessageHtml } from '../message-text';

interface MessageContentProps {
  content: string;
  format: MessageFormat;
}

/**
 * A message's body. HTML goes through DOMPurify before React sets it; Markdown is rendered by react-markdown,
 * which leaves raw HTML in it out (no rehype-raw) and drops unsafe link protocols (javascript:, vbscript:, data:).
 */
export function MessageContent({ content, format }: MessageContentProps) {
  return (
    <Typography className="message-content" style={{ overflowWrap: 'anywhere' }}>
      {format === 'html' ? (
        <div dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(content) }} />
      ) : (
        <Markdown remarkPlugins={[remarkGfm]}>{content}</Markdown>
      )}
    </Typography>
  );
}
