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
