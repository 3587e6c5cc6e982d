import { type ModelPricing, perMillionPrices, QuotaType, type StatusObject } from '@tollgate/contracts';
import { DEFAULT_QUOTA_PER_UNIT } from '../../lib/format-quota';

type Display = Pick<StatusObject, 'quota_per_unit' | 'display_in_currency'> | null;

export interface ModelPriceText {
  /** Per-token models: per 1M input and output tokens; per-request models: per call. */
  input?: string;
  output?: string;
  perRequest?: string;
}

// Up to 6 decimals, trailing zeros dropped: $0.15, $0.000075.
const dollars = (usd: number): string => `$${Number(usd.toFixed(6)).toString()}`;

/** A USD amount as the site shows money: dollars, or quota (USD × quota_per_unit) when currency display is off. */
export function formatPrice(usd: number, display: Display): string {
  if (display?.display_in_currency) return dollars(usd);
  const perUnit = display && display.quota_per_unit > 0 ? display.quota_per_unit : DEFAULT_QUOTA_PER_UNIT;
  return Number((usd * perUnit).toFixed(2)).toString();
}

/** Spec 001 §9: prompt = model ratio × 2 × group ratio per 1M; completion × completion ratio; or the call price. */
export function modelPriceText(model: ModelPricing, groupRatio: number, display: Display): ModelPriceText {
  if (model.quota_type === QuotaType.PerRequest)
    return { perRequest: formatPrice(model.model_price * groupRatio, display) };
  const { input, output } = perMillionPrices(model, groupRatio);
  return { input: formatPrice(input, display), output: formatPrice(output, display) };
}
