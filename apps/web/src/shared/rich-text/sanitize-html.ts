import DOMPurify from 'dompurify';

/**
 * The HTML an administrator's text may render: DOMPurify's allow-list (no script, no event attributes, no
 * javascript: or data: links, no forms), run in the reader's own browser on every render, so a text stored
 * before a rule changed is cleaned by the current rules too.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
