/** How a model is billed on the price list (spec 001 §3 Model pricing). */
export enum QuotaType {
  PerToken = 0,
  PerRequest = 1,
}

/** One model of GET /api/pricing. */
export interface ModelPricing {
  model_name: string;
  quota_type: QuotaType;
  model_ratio: number;
  completion_ratio: number;
  /** US dollars per request; 0 for per-token models. */
  model_price: number;
  /** Groups in which some enabled channel serves the model. */
  enable_groups: string[];
}

/** GET /api/pricing: models served by an enabled channel, with the caller's usable groups and their ratios. */
export interface PricingList {
  data: ModelPricing[];
  /** Ratio of each usable group. */
  group_ratio: Record<string, number>;
  /** Usable group name → description (a visitor sees UserUsableGroups). */
  usable_group: Record<string, string>;
}

/** Price per 1M tokens in USD at ratio 1 (spec 001 §9: prompt = model ratio × 2 × group ratio). */
export const USD_PER_MILLION_AT_RATIO_1 = 2;

/** Spec 001 §9: input and output price per 1M tokens, in USD, for a per-token model in a group. */
export function perMillionPrices(
  model: Pick<ModelPricing, 'model_ratio' | 'completion_ratio'>,
  groupRatio: number,
): { input: number; output: number } {
  const input = model.model_ratio * USD_PER_MILLION_AT_RATIO_1 * groupRatio;
  return { input, output: input * model.completion_ratio };
}

/** The whole answer of GET /api/pricing: the envelope with the groups beside `data`. */
export interface PricingAnswer extends PricingList {
  success: true;
  message: string;
}
