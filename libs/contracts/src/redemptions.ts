/** Redemption code status (spec 001 §4): edit only when unused; a used code cannot be enabled again. */
export const RedemptionStatus = {
  Unused: 1,
  Disabled: 2,
  Used: 3,
} as const;
export type RedemptionStatus = (typeof RedemptionStatus)[keyof typeof RedemptionStatus];

export const REDEMPTION_NAME_MAX_LENGTH = 20;
export const REDEMPTION_BATCH_MAX = 100;
export const REDEMPTION_KEY_MAX_LENGTH = 64;
/** max_uses value meaning "no limit" for gift codes. */
export const REDEMPTION_UNLIMITED_USES = -1;

/** New redemption defaults (spec 001 §9). */
export const REDEMPTION_DEFAULTS = {
  quota: 100000,
  count: 1,
  max_uses: REDEMPTION_UNLIMITED_USES,
} as const;

export interface Redemption {
  id: number;
  /** Administrator who created the code. */
  user_id: number;
  name: string;
  key: string;
  status: number;
  quota: number;
  created_time: number;
  redeemed_time: number;
  /** Last user who redeemed it; 0 = none. */
  used_user_id: number;
  /** A gift code may be redeemed by several users, once each, up to max_uses (-1 unlimited). */
  is_gift: boolean;
  max_uses: number;
  used_count: number;
  /** Epoch seconds; 0 = unset. */
  valid_from: number;
  valid_until: number;
}

export interface CreateRedemptionRequest {
  name?: string;
  quota?: number;
  count?: number;
  is_gift?: boolean;
  max_uses?: number;
  valid_from?: number;
  valid_until?: number;
  /** Custom code text (only with count 1). */
  key?: string;
}

/** PUT /api/redemption/: fields left out keep their value. With `?status_only=true` only `status` is read. */
export interface UpdateRedemptionRequest {
  id: number;
  name?: string;
  quota?: number;
  is_gift?: boolean;
  max_uses?: number;
  valid_from?: number;
  valid_until?: number;
  status?: number;
}

/** POST /api/user/topup. */
export interface TopUpRequest {
  key: string;
}

/** POST /api/user/topup answer: the quota credited by the code. */
export interface TopUpResult {
  quota: number;
  is_gift: boolean;
}

/** Quota as US dollars, e.g. 100000 at 500000 per unit → `$0.20` (default redemption name, log text). */
export function formatQuotaAsUsd(quota: number, quotaPerUnit: number): string {
  const perUnit = quotaPerUnit > 0 ? quotaPerUnit : 1;
  return `$${(quota / perUnit).toFixed(2)}`;
}
