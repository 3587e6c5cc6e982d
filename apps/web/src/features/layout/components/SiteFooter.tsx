import { Layout, theme } from 'antd';
import { useSyncExternalStore } from 'react';
import { readRaw, StorageKey, subscribeStorage } from '../../../lib/storage';
import { sanitizeHtml } from '../../../shared/rich-text/sanitize-html';

const subscribe = (listener: () => void) => subscribeStorage(StorageKey.FooterHtml, listener);
const readFooter = () => readRaw(StorageKey.FooterHtml) ?? '';

/**
 * The root's footer HTML (local storage `footer_html`, kept by the status load), cleaned by DOMPurify. The
 * spec's footer re-reads the key 5 times at 200 ms to catch the status arriving; a storage subscription
 * catches it when it is written instead. Nothing is shown while the footer is empty.
 */
export function SiteFooter() {
  const { token } = theme.useToken();
  const html = useSyncExternalStore(subscribe, readFooter);
  if (!html.trim()) return null;
  return (
    <Layout.Footer
      className="site-footer"
      style={{
        padding: '12px 16px',
        textAlign: 'center',
        fontSize: token.fontSizeSM,
        color: token.colorTextSecondary,
        overflowWrap: 'anywhere',
      }}
    >
      <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
    </Layout.Footer>
  );
}
