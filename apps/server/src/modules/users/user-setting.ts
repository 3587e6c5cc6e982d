import { BlockList, isIP } from 'node:net';
import {
  NOTIFY_TYPES,
  type NotifyType,
  parseUserSetting,
  type UserSetting,
  WEBHOOK_SECRET_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
} from '@tollgate/contracts';
import { isJsonObject } from '../../common/json';
import { isValidEmail } from './user-rules';
import { userError } from './users.errors';

// Addresses a webhook must never reach: the server would otherwise probe its own network for the user.
const FORBIDDEN_NETWORKS: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'], // "this" network
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'], // multicast, reserved, broadcast
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'], // NAT64 of an IPv4 address
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const forbidden = new BlockList();
for (const [network, prefix, family] of FORBIDDEN_NETWORKS) forbidden.addSubnet(network, prefix, family);

// Literal checks only: other names are not resolved here, so a sender must check the address it connects to.
function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  const family = isIP(host);
  if (family === 0) return false;
  return forbidden.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/** A webhook address: https, a public host (WHATWG parsing also turns 2130706433 or 0x7f.1 into 127.0.0.1). */
export function checkWebhookUrl(raw: string): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw userError('webhook_not_https');
  }
  if (url.protocol !== 'https:' || text.length > WEBHOOK_URL_MAX_LENGTH) throw userError('webhook_not_https');
  if (isPrivateHost(url.hostname)) throw userError('webhook_private_address');
  return text;
}

export type UserSettingChanges = Partial<Omit<UserSetting, 'notify_type'>> & { notify_type?: string };

/** Applies the changes to the stored setting and checks the result field by field. */
export function mergeUserSetting(stored: string, changes: UserSettingChanges): UserSetting {
  // A DTO instance carries every declared field, the unsent ones as undefined: those keep the stored value.
  const sent = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as UserSettingChanges;
  const next: Omit<UserSetting, 'notify_type'> & { notify_type: string } = {
    ...parseUserSetting(stored),
    ...sent,
  };
  if (!NOTIFY_TYPES.includes(next.notify_type as NotifyType)) throw userError('invalid_notify_type');
  if (!Number.isSafeInteger(next.quota_warning_threshold) || next.quota_warning_threshold < 0)
    throw userError('invalid_threshold');
  const webhookUrl = next.webhook_url.trim();
  if (next.notify_type === 'webhook' && !webhookUrl) throw userError('webhook_url_required');
  if (next.webhook_secret.length > WEBHOOK_SECRET_MAX_LENGTH)
    throw userError('webhook_secret_too_long', { max: WEBHOOK_SECRET_MAX_LENGTH });
  const email = next.notification_email.trim();
  if (email && !isValidEmail(email)) throw userError('invalid_notification_email');
  return {
    notify_type: next.notify_type as NotifyType,
    quota_warning_threshold: next.quota_warning_threshold,
    webhook_url: webhookUrl ? checkWebhookUrl(webhookUrl) : '',
    webhook_secret: next.webhook_secret,
    notification_email: email,
    accept_unset_model_ratio_model: next.accept_unset_model_ratio_model,
  };
}

/** The user's own quota_warning_threshold when the stored setting names one (the defaults filled in do not). */
export function ownWarningThreshold(setting: string): number | null {
  let parsed: unknown;
  try {
    parsed = setting ? JSON.parse(setting) : null;
  } catch {
    return null;
  }
  if (!isJsonObject(parsed)) return null;
  const value = parsed.quota_warning_threshold;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}
