import {
  NOTIFY_TYPES,
  type NotifyType,
  parseUserSetting,
  type UserSetting,
  WEBHOOK_SECRET_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
} from '@tollgate/contracts';
import { isPrivateHost } from '../../common/http/public-network';
import { isJsonObject } from '../../common/json';
import { isValidEmail } from './user-rules';
import { userError } from './users.errors';

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
