import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIPv6 } from 'node:net';
import { checkWebhookUrl } from '../users/user-setting';

/** The webhook could not be delivered; the message names no URL path, query or secret. */
export class WebhookDeliveryError extends Error {}

/** Where a webhook goes, for logs: the origin only (webhook paths and queries often carry tokens). */
export function webhookOrigin(text: string): string {
  try {
    return new URL(text).origin;
  } catch {
    return 'an unreadable address';
  }
}

// The same forbidden networks as the user setting's check, applied to the address actually dialled.
export function isPublicAddress(ip: string): boolean {
  try {
    checkWebhookUrl(`https://${isIPv6(ip) ? `[${ip}]` : ip}/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The URL to post to. A stored setting was checked when saved (https, no private literal host), but
 * rows can predate a rule: checked again here. `allowLocal` also lets plain http and this machine through.
 */
export function webhookTarget(text: string, allowLocal: boolean): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new WebhookDeliveryError('the webhook address is not a URL');
  }
  if (allowLocal) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new WebhookDeliveryError('the webhook address is not http(s)');
    return url;
  }
  try {
    checkWebhookUrl(url.href);
  } catch {
    throw new WebhookDeliveryError('the webhook address is not https on a public host');
  }
  return url;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup that refuses names resolving to a private address, so a public-looking webhook host cannot
 * make the server call into its own network (the setting check only sees the name).
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
      const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private address`);
      refused.code = 'EPRIVATEADDRESS';
      return callback(refused, []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
