import { theme } from 'antd';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * A model's answer as Markdown. react-markdown builds React elements from the syntax tree: raw HTML in the
 * text is not rendered (no rehype-raw) and unsafe link protocols are dropped by its default URL filter.
 */
export function MarkdownText({ text }: { text: string }) {
  const { token } = theme.useToken();
  return (
    <div className="playground-markdown" style={{ overflowWrap: 'anywhere' }}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        components={{
          pre: ({ children }) => (
            <pre
              style={{
                background: token.colorFillTertiary,
                padding: 12,
                borderRadius: token.borderRadius,
                overflowX: 'auto',
                fontSize: 13,
              }}
            >
              {children}
            </pre>
          ),
          a: ({ children, href }) => (
            <a href={href} target="_blank" rel="noopener noreferrer">
              {children}
            </a>
          ),
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
