import { type Price, type Usage } from './billing.types';

// Ratios are decimals typed by admins (0.075, 2.5 / 0.3 …): binary floating point turns 2.5 into
// 2.4999999999999996 after a few products, which would flip a round(). Twelve significant digits
// drop that noise while keeping every integer part exact up to 10^12 quota (US$2 million).
const SIGNIFICANT_DIGITS = 12;

/** round() of a non-negative decimal product, immune to binary noise like 0.1 + 0.2. */
export function roundQuota(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  // toPrecision moves the value by less than value × 10^-11: farther than that from a .5, round() is not
  // affected, and the string conversion (on every call's price) is skipped.
  if (Math.abs(value - Math.floor(value) - 0.5) > value * 1e-11) return Math.round(value);
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

/** What a reservation reads of a call; the prompt (costly to count) only when a max is given. */
export interface ReservedCall {
  readonly promptTokens: number;
  readonly maxTokens: number | null;
}

/**
 * Reference §3.4 step 2: prompt + max tokens when the caller gave a max, else PreConsumedQuota tokens
 * (prompt not added), times model × group; per-call models reserve their price. A max of 0 means the call
 * generates no tokens (speech is billed by its input alone), so the prompt is the whole cost.
 */
export function reservationQuota(
  price: Price,
  call: ReservedCall,
  quotaPerUnit: number,
  preConsumedTokens: number,
): number {
  if (price.modelPrice !== null) return perCallQuota(price.modelPrice, price.groupRatio, quotaPerUnit);
  const { maxTokens } = call;
  const tokens =
    maxTokens !== null && maxTokens >= 0 ? Math.max(0, call.promptTokens) + maxTokens : preConsumedTokens;
  return roundQuota(tokens * price.modelRatio * price.groupRatio);
}

/** What an image call asks for, as far as its price goes. */
export interface ImageOrder {
  /** The requested model name (dall-e-3 has its own quality rule). */
  model: string;
  size: string;
  quality: string;
  n: number;
}

/** Reference §3.2: an image priced by ratio costs 0.0025 US$ per ratio point (ratio 16 = dall-e-3's $0.04). */
export const IMAGE_PRICE_PER_RATIO = 0.0025;

// Reference §3.2 size factors; any other size (gpt-image's 1536x1024, auto …) counts as 1.
const IMAGE_SIZE_FACTORS: Readonly<Record<string, number>> = {
  '256x256': 0.4,
  '512x512': 0.45,
  '1024x1024': 1,
  '1024x1792': 2,
  '1792x1024': 2,
};
const LARGE_IMAGE_SIZES = new Set(['1024x1792', '1792x1024']);

/** Reference §3.2: size factor × quality factor (dall-e-3 hd: 2, but 1.5 on the two large sizes) × n. */
export function imageCallFactor(order: ImageOrder): number {
  const size = IMAGE_SIZE_FACTORS[order.size] ?? 1;
  const hd = order.model === 'dall-e-3' && order.quality === 'hd';
  const quality = hd ? (LARGE_IMAGE_SIZES.has(order.size) ? 1.5 : 2) : 1;
  return size * quality * order.n;
}

/**
 * Reference §3.2 speech-to-text: tokens = ceil(seconds) / 60 × 1000 (a minute of audio bills like 1000
 * tokens), rounded up to a whole token so the log keeps integers and the caller is never billed short.
 */
export function transcriptionTokens(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.ceil(Number(((Math.ceil(seconds) * 1000) / 60).toPrecision(SIGNIFICANT_DIGITS)));
}
