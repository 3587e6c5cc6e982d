import { INBOX_PREVIEW_LENGTH, type MessageFormat } from '@tollgate/contracts';
import DOMPurify from 'dompurify';

/**
 * The HTML a message may render: DOMPurify's allow-list (no script, no event attributes, no javascript: or
 * data: links, no forms), run in the reader's own browser on every render, so a message stored before a rule
 * changed is cleaned by the current rules too.
 */
export function sanitizeMessageHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

// Markdown marks that say nothing in a one-line preview: headings, emphasis, code fences, quotes, list bullets.
const MARKDOWN_MARKS = /(^|\n)\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+\.\s+)|[*_~`]+/g;
const MARKDOWN_LINK = /!?\[([^\]]*)\]\([^)]*\)/g;

/** The words of a message without its markup, on one line. */
export function plainText(content: string, format: MessageFormat): string {
  const text =
    format === 'html'
      ? // Parsed as an inert document: nothing in it loads or runs.
        (new DOMParser().parseFromString(sanitizeMessageHtml(content), 'text/html').body.textContent ?? '')
      : content.replace(MARKDOWN_LINK, '$1').replace(MARKDOWN_MARKS, '$1');
  return text.replace(/\s+/g, ' ').trim();
}

/** Spec 001 §9: the inbox preview is cut at 100 characters, 97 of the text plus dots. */
export function previewText(content: string, format: MessageFormat): string {
  const text = plainText(content, format);
  const chars = Array.from(text);
  return chars.length > INBOX_PREVIEW_LENGTH + 3
    ? `${chars.slice(0, INBOX_PREVIEW_LENGTH).join('')}...`
    : text;
}
