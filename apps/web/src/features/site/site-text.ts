/** A value that is one http(s) address is shown framed; anything else is Markdown. */
export function framedAddress(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\/\S+$/i.test(text)) return null;
  try {
    return new URL(text).href;
  } catch {
    return null;
  }
}

/**
 * A short fingerprint of the notice (FNV-1a over its UTF-16 units, plus its length): what the visitor last
 * closed is remembered by this, not by the whole text, and no secure context is needed to compute it.
 */
export function noticeFingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(16).padStart(8, '0')}-${text.length}`;
}
