import type { StatusObject } from '@tollgate/contracts';

/** Spec default when the status has not been loaded. */
export const DEFAULT_QUOTA_PER_UNIT = 500000;

const UNITS = [
  { threshold: 1e9, suffix: 'B' },
  { threshold: 1e6, suffix: 'M' },
  { threshold: 1e4, suffix: 'k', divisor: 1e3 },
] as const;

/** Spec §9: 1e4 as k, 1e6 as M, 1e9 as B (k divides by a thousand, so 12345 → 12.3k). */
export function formatNumber(value: number): string {
  const magnitude = Math.abs(value);
  for (const unit of UNITS) {
    if (magnitude >= unit.threshold) {
      const divisor = 'divisor' in unit ? unit.divisor : unit.threshold;
      return `${(value / divisor).toFixed(1)}${unit.suffix}`;
    }
  }
  return String(value);
}

type QuotaDisplay = Pick<StatusObject, 'quota_per_unit' | 'display_in_currency'>;

/** Quota in dollars ($ = quota / quota_per_unit) when the site displays currency, else as a count. */
export function formatQuota(quota: number, display: QuotaDisplay | null, digits = 2): string {
  if (!display?.display_in_currency) return formatNumber(quota);
  const perUnit = display.quota_per_unit > 0 ? display.quota_per_unit : DEFAULT_QUOTA_PER_UNIT;
  return `$${(quota / perUnit).toFixed(digits)}`;
}

/**
 * Quota exactly enough to audit a charge: in dollars to 6 decimals with trailing zeros dropped (at least 2: $10.00,
 * $0.000008), else the whole count.
 */
export function formatQuotaExact(quota: number, display: QuotaDisplay | null): string {
  if (!display?.display_in_currency) return String(quota);
  const perUnit = display.quota_per_unit > 0 ? display.quota_per_unit : DEFAULT_QUOTA_PER_UNIT;
  const [whole, fraction = ''] = (quota / perUnit).toFixed(6).split('.');
  return `$${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}
