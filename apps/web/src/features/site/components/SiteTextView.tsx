import { Card } from 'antd';
import { CONTENT_PADDING, HEADER_HEIGHT } from '../../../shared/layout-sizes';
import { RichText } from '../../../shared/rich-text/RichText';
import { framedAddress } from '../site-text';

interface SiteTextViewProps {
  text: string;
  /** Names the frame for screen readers. */
  title: string;
  className: string;
}

/** The root's home page or about text: an http(s) address is framed at the page's full height, else Markdown. */
export function SiteTextView({ text, title, className }: SiteTextViewProps) {
  const address = framedAddress(text);
  if (address)
    return (
      <iframe
        src={address}
        title={title}
        className={className}
        style={{
          display: 'block',
          width: '100%',
          height: `calc(100vh - ${HEADER_HEIGHT + 2 * CONTENT_PADDING}px)`,
          minHeight: 360,
          border: 0,
        }}
      />
    );
  return (
    <Card style={{ maxWidth: 960, margin: '0 auto' }}>
      <RichText content={text} format="markdown" className={className} />
    </Card>
  );
}
