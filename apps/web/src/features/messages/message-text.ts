import { INBOX_PREVIEW_LENGTH, type MessageFormat } from '@tollgate/contracts';
import { sanitizeHtml } from '../../shared/rich-text/sanitize-html';

// Markdown marks that say nothing in a one-line preview: headings, emphasis, code fences, quotes, list bullets.
const MARKDOWN_MARKS = /(^|\n)\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+\.\s+)|[*_~`]+/g;
const MARKDOWN_LINK = /!?\[([^\]]*)\]\([^)]*\)/g;

/** The words of a message without its markup, on one line. */
export function plainText(content: string, format: MessageFormat): string {
  const text =
    format === 'html'
      ? // Parsed as an inert document: nothing in it loads or runs.
        (new DOMParser().parseFromString(sanitizeHtml(content), 'text/html').body.textContent ?? '')
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
