import type { StatusObject } from '@tollgate/contracts';

/**
 * The least amount the form offers: MinTopUp dollars, or that much quota when the site shows quota instead
 * of currency; never below 1 (spec 000 §5).
 */
export function minimumTopUp(
  status: Pick<StatusObject, 'min_topup' | 'display_in_currency' | 'quota_per_unit'>,
): number {
  const min = status.display_in_currency ? status.min_topup : status.min_topup * status.quota_per_unit;
  return Math.max(1, Math.ceil(min));
}

/** What the input holds after an edit: a whole number, at least 1 (below 1 or empty → 1). */
export function clampAmount(value: number | null): number {
  if (value === null || !Number.isFinite(value) || value < 1) return 1;
  return Math.floor(value);
}
