import { TOKEN_DEFAULTS, TOKEN_NEVER_EXPIRES, type Token, type TokenFields } from '@tollgate/contracts';
import { formatDateTime, parseDateTime } from '../../shared/datetime-text';

/** The drawer's fields; expiry is the typed text (`yyyy-MM-dd HH:mm:ss` or -1), models a list. */
export interface TokenFormValues {
  name: string;
  group?: string;
  expiry: string;
  remain_quota: number | null;
  unlimited_quota: boolean;
  quantity: number | null;
  model_limits_enabled: boolean;
  model_limits: string[];
  allow_ips: string;
  rate_limit_enabled: boolean;
  rate_limit_period: number | null;
  rate_limit_count: number | null;
  rate_limit_success: number | null;
}

const NEVER_TEXT = String(TOKEN_NEVER_EXPIRES);

export const EXPIRY_SHORTCUTS = [
  { key: 'expiryNever', seconds: null },
  { key: 'expiryHour', seconds: 3600 },
  { key: 'expiryDay', seconds: 86400 },
  { key: 'expiryMonth', seconds: 30 * 86400 },
] as const;

/** Text of a shortcut: never, or now plus its duration. */
export function shortcutExpiry(seconds: number | null): string {
  return seconds === null ? NEVER_TEXT : formatDateTime(Math.floor(Date.now() / 1000) + seconds);
}

export function expiryText(expiredTime: number): string {
  return expiredTime === TOKEN_NEVER_EXPIRES ? NEVER_TEXT : formatDateTime(expiredTime);
}

/** Epoch seconds or -1, or null when the text is neither (spec: 过期时间格式错误！). */
export function parseExpiry(text: string): number | null {
  return text.trim() === NEVER_TEXT ? TOKEN_NEVER_EXPIRES : parseDateTime(text);
}

/** Spec 001 §9: quota 500000, period 60 s, count 1000, success 10, never expires; one token. */
export const NEW_TOKEN_VALUES: TokenFormValues = {
  name: '',
  expiry: NEVER_TEXT,
  remain_quota: TOKEN_DEFAULTS.remain_quota,
  unlimited_quota: false,
  quantity: 1,
  model_limits_enabled: false,
  model_limits: [],
  allow_ips: '',
  rate_limit_enabled: false,
  rate_limit_period: TOKEN_DEFAULTS.rate_limit_period,
  rate_limit_count: TOKEN_DEFAULTS.rate_limit_count,
  rate_limit_success: TOKEN_DEFAULTS.rate_limit_success,
};

export function tokenToValues(token: Token): TokenFormValues {
  return {
    name: token.name,
    group: token.group || undefined,
    expiry: expiryText(token.expired_time),
    remain_quota: token.remain_quota,
    unlimited_quota: token.unlimited_quota,
    quantity: null,
    model_limits_enabled: token.model_limits_enabled,
    model_limits: token.model_limits ? token.model_limits.split(',') : [],
    allow_ips: token.allow_ips,
    rate_limit_enabled: token.rate_limit_enabled,
    rate_limit_period: token.rate_limit_period,
    rate_limit_count: token.rate_limit_count,
    rate_limit_success: token.rate_limit_success,
  };
}

/** Wire fields of validated form values (the form has already checked the expiry text). */
export function valuesToFields(values: TokenFormValues): TokenFields {
  return {
    name: values.name.trim(),
    group: values.group ?? '',
    expired_time: parseExpiry(values.expiry) ?? TOKEN_NEVER_EXPIRES,
    remain_quota: values.remain_quota ?? 0,
    unlimited_quota: values.unlimited_quota,
    model_limits_enabled: values.model_limits_enabled,
    model_limits: values.model_limits.join(','),
    allow_ips: values.allow_ips,
    rate_limit_enabled: values.rate_limit_enabled,
    rate_limit_period: values.rate_limit_period ?? TOKEN_DEFAULTS.rate_limit_period,
    rate_limit_count: values.rate_limit_count ?? TOKEN_DEFAULTS.rate_limit_count,
    rate_limit_success: values.rate_limit_success ?? TOKEN_DEFAULTS.rate_limit_success,
  };
}
