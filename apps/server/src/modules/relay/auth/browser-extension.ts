import { type IncomingHttpHeaders } from 'node:http';

/**
 * Whether a call comes from a browser extension (global.block_browser_extension_enabled, reference §12): its
 * Origin holds "extension" and "://" (chrome-extension://…, moz-extension://…, safari-web-extension://…).
 * Only the scheme is read, so a web site named extension.example.com is not taken for one.
 */
export function isBrowserExtensionCall(headers: IncomingHttpHeaders): boolean {
  const origin = headers.origin;
  if (origin === undefined) return false;
  const schemeEnd = origin.indexOf('://');
  return schemeEnd > 0 && origin.slice(0, schemeEnd).toLowerCase().includes('extension');
}
