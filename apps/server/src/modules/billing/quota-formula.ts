import { type Price, type Usage } from './billing.types';

// Ratios are decimals typed by admins (0.075, 2.5 / 0.3 …): binary floating point turns 2.5 into
// 2.4999999999999996 after a few products, which would flip a round(). Twelve significant digits
// drop that noise while keeping every integer part exact up to 10^12 quota (US$2 million).
const SIGNIFICANT_DIGITS = 12;

/** round() of a non-negative decimal product, immune to binary noise like 0.1 + 0.2. */
export function roundQuota(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.round(Number(value.toPrecision(SIGNIFICANT_DIGITS)));
}

/** Per-call price: price × QuotaPerUnit × groupRatio (reference §3.2). */
export function perCallQuota(price: number, groupRatio: number, quotaPerUnit: number): number {
  return roundQuota(price * quotaPerUnit * groupRatio);
}

/**
 * Reference §3.2, OpenAI style (prompt includes cached and cache-creation tokens):
 * round((uncached + cached×cacheRatio + creation×creationRatio + completion×completionRatio) × model × group),
 * at least 1 when model × group ≠ 0.
 */
export function usageQuota(price: Price, usage: Usage, quotaPerUnit: number): number {
  if (price.modelPrice !== null) return perCallQuota(price.modelPrice, price.groupRatio, quotaPerUnit);
  const cached = Math.max(0, usage.cachedTokens ?? 0);
  const creation = Math.max(0, usage.cacheCreationTokens ?? 0);
  const uncached = Math.max(0, usage.promptTokens - cached - creation);
  const tokens =
    uncached +
    cached * price.cacheRatio +
    creation * price.cacheCreationRatio +
    Math.max(0, usage.completionTokens) * price.completionRatio;
  const scale = price.modelRatio * price.groupRatio;
  const quota = roundQuota(tokens * scale);
  return scale !== 0 && quota <= 0 ? 1 : quota;
}

/**
 * Reference §3.4 step 2: prompt + max tokens when the caller gave a max, else PreConsumedQuota tokens
 * (prompt not added), times model × group; per-call models reserve their price.
 */
export function reservationQuota(
  price: Price,
  promptTokens: number,
  maxTokens: number | null,
  quotaPerUnit: number,
  preConsumedTokens: number,
): number {
  if (price.modelPrice !== null) return perCallQuota(price.modelPrice, price.groupRatio, quotaPerUnit);
  const tokens =
    maxTokens !== null && maxTokens > 0 ? Math.max(0, promptTokens) + maxTokens : preConsumedTokens;
  return roundQuota(tokens * price.modelRatio * price.groupRatio);
}
