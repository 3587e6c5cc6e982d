/** Token status (spec 001 §4): users toggle 1 ⇄ 2; 3 and 4 are set by the system. */
export const TokenStatus = {
  Enabled: 1,
  Disabled: 2,
  Expired: 3,
  Exhausted: 4,
} as const;
export type TokenStatus = (typeof TokenStatus)[keyof typeof TokenStatus];

export const TOKEN_KEY_PREFIX = 'sk-';
export const TOKEN_KEY_LENGTH = 48;
export const TOKEN_NAME_MAX_LENGTH = 30;
/** Copies beyond the first are named `name-XXXXXX`. */
export const TOKEN_COPY_SUFFIX_LENGTH = 6;
export const TOKEN_QUANTITY_MAX = 100;
/** expired_time value meaning "never expires". */
export const TOKEN_NEVER_EXPIRES = -1;

/** New token defaults (spec 001 §9). */
export const TOKEN_DEFAULTS = {
  remain_quota: 500000,
  expired_time: TOKEN_NEVER_EXPIRES,
  rate_limit_period: 60,
  rate_limit_count: 1000,
  rate_limit_success: 10,
} as const;

/** A token as its owner sees it: `key` is the full `sk-…` key so it can be copied. */
export interface Token {
  id: number;
  user_id: number;
  name: string;
  key: string;
  status: number;
  created_time: number;
  accessed_time: number;
  /** Epoch seconds, or -1 for never. */
  expired_time: number;
  remain_quota: number;
  used_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  /** Comma-joined model names. */
  model_limits: string;
  /** One IP address or CIDR per line; empty = any address. */
  allow_ips: string;
  /** '' = the owner's own group. */
  group: string;
  rate_limit_enabled: boolean;
  /** Window in seconds. */
  rate_limit_period: number;
  /** Requests per window, 0 = unlimited. */
  rate_limit_count: number;
  /** Successful requests per window, at least 1. */
  rate_limit_success: number;
}

/** Fields a user may set on create (POST /api/token/) and update (PUT /api/token/). */
export interface TokenFields {
  name?: string;
  remain_quota?: number;
  unlimited_quota?: boolean;
  /** Epoch seconds or -1 (a numeric string is accepted too). */
  expired_time?: number | string;
  model_limits_enabled?: boolean;
  model_limits?: string;
  allow_ips?: string;
  group?: string;
  rate_limit_enabled?: boolean;
  rate_limit_period?: number;
  rate_limit_count?: number;
  rate_limit_success?: number;
}

export interface CreateTokenRequest extends TokenFields {
  /** Number of copies, 1–100 (default 1). */
  quantity?: number;
}

/** PUT /api/token/: fields left out keep their value. With `?status_only=true` only `status` is read. */
export interface UpdateTokenRequest extends TokenFields {
  id: number;
  status?: number;
}
