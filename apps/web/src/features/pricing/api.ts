import type { ModelPricing, PricingAnswer } from '@tollgate/contracts';
import { requestEnvelope } from '../../lib/api-client';

/** GET /api/pricing: its groups sit beside `data` in the answer, so the whole body is kept. */
export async function fetchPricing(): Promise<PricingAnswer> {
  return (await requestEnvelope<ModelPricing[]>('/api/pricing')) as PricingAnswer;
}
