import { parseUserSetting, type NotifyType, type UserSetting } from '@tollgate/contracts';

/** Spec §9: quota warning presets (quota units). */
export const QUOTA_WARNING_PRESETS = [100000, 500000, 1000000, 5000000] as const;
/** Spec §9: the form starts at 100000 until the user saves a threshold of their own. */
export const INITIAL_QUOTA_WARNING_THRESHOLD = 100000;

export interface NotifyFormValues {
  notify_type: NotifyType;
  /** Typed or picked from the presets; an integer string. */
  quota_warning_threshold: string;
  webhook_url: string;
  webhook_secret: string;
  notification_email: string;
}

function savedThreshold(settingText: string): boolean {
  try {
    const raw = JSON.parse(settingText) as unknown;
    return typeof raw === 'object' && raw !== null && 'quota_warning_threshold' in raw;
  } catch {
    return false;
  }
}

export function notifyFormValues(settingText: string): NotifyFormValues {
  const setting = parseUserSetting(settingText);
  const threshold = savedThreshold(settingText)
    ? setting.quota_warning_threshold
    : INITIAL_QUOTA_WARNING_THRESHOLD;
  return {
    notify_type: setting.notify_type,
    quota_warning_threshold: String(threshold),
    webhook_url: setting.webhook_url,
    webhook_secret: setting.webhook_secret,
    notification_email: setting.notification_email,
  };
}

/** Only the chosen way's fields are sent: the other way's stored values stay as they were. */
export function notifyChanges(values: NotifyFormValues): Partial<UserSetting> {
  const common = {
    notify_type: values.notify_type,
    quota_warning_threshold: Number(values.quota_warning_threshold),
  };
  return values.notify_type === 'webhook'
    ? { ...common, webhook_url: values.webhook_url.trim(), webhook_secret: values.webhook_secret }
    : { ...common, notification_email: values.notification_email.trim() };
}

export const isThreshold = (value: string): boolean =>
  /^\d+$/.test(value.trim()) && Number.isSafeInteger(Number(value));
export const isHttpsUrl = (value: string): boolean => /^https:\/\/\S+$/i.test(value.trim());
