import { randomUUID } from 'node:crypto';
import {
  formatQuotaAsUsd,
  REDEMPTION_BATCH_MAX,
  REDEMPTION_KEY_MAX_LENGTH,
  REDEMPTION_NAME_MAX_LENGTH,
  REDEMPTION_UNLIMITED_USES,
  RedemptionStatus,
} from '@tollgate/contracts';
import { type RedemptionErrorCode, redemptionError } from './redemptions.errors';

/** A generated code: 32 hex characters from a random UUID. */
export const generateRedemptionKey = (): string => randomUUID().replaceAll('-', '');

/** Name 1–20 characters; an empty name on create becomes the quota in dollars ($0.20). */
export function resolveName(name: string | undefined, quota: number, quotaPerUnit: number): string {
  const trimmed = name?.trim() ?? '';
  const resolved = trimmed || formatQuotaAsUsd(quota, quotaPerUnit).slice(0, REDEMPTION_NAME_MAX_LENGTH);
  return checkName(resolved);
}

export function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > REDEMPTION_NAME_MAX_LENGTH)
    throw redemptionError('invalid_name', { max: REDEMPTION_NAME_MAX_LENGTH });
  return trimmed;
}

export function checkQuota(quota: number): number {
  if (quota <= 0) throw redemptionError('invalid_quota');
  return quota;
}

export function checkCount(count: number): number {
  if (count < 1) throw redemptionError('count_not_positive');
  if (count > REDEMPTION_BATCH_MAX) throw redemptionError('count_too_large', { max: REDEMPTION_BATCH_MAX });
  return count;
}

/** Both bounds are optional (0); when both are set the start must come first. */
export function checkValidity(validFrom: number, validUntil: number): void {
  if (validFrom > 0 && validUntil > 0 && validFrom >= validUntil) throw redemptionError('invalid_validity');
}

export function checkMaxUses(maxUses: number, usedCount = 0): number {
  if (maxUses !== REDEMPTION_UNLIMITED_USES && maxUses < 1) throw redemptionError('invalid_max_uses');
  if (maxUses !== REDEMPTION_UNLIMITED_USES && usedCount > 0 && maxUses <= usedCount)
    throw redemptionError('max_uses_below_used', { used: usedCount });
  return maxUses;
}

export function checkCustomKey(key: string, count: number): string {
  if (count !== 1) throw redemptionError('custom_key_needs_single');
  if (key.length > REDEMPTION_KEY_MAX_LENGTH || /\s/.test(key))
    throw redemptionError('invalid_custom_key', { max: REDEMPTION_KEY_MAX_LENGTH });
  return key;
}

export interface RedeemableState {
  status: number;
  isGift: boolean;
  maxUses: number;
  usedCount: number;
  validFrom: number;
  validUntil: number;
}

/** Why a code cannot be redeemed at `now`, or null when it can. */
export function redeemBlocker(code: RedeemableState, now: number): RedemptionErrorCode | null {
  if (code.status === RedemptionStatus.Disabled) return 'code_disabled';
  if (code.status !== RedemptionStatus.Unused) return 'code_used';
  if (code.validFrom > 0 && code.validFrom > now) return 'code_not_yet_valid';
  if (code.validUntil > 0 && code.validUntil <= now) return 'code_expired';
  if (code.isGift && code.maxUses !== REDEMPTION_UNLIMITED_USES && code.usedCount >= code.maxUses)
    return 'code_used';
  return null;
}

/** A code as it may appear in logs: enough to recognise it, never enough to reuse it. */
export function maskKey(key: string): string {
  // Short custom codes keep only two characters: four at each end would reveal most of them.
  if (key.length < 16) return `${key.slice(0, 2)}***`;
  return `${key.slice(0, 4)}***${key.slice(-4)}`;
}
