import { Injectable } from '@nestjs/common';
import { type OptionKey, UNLISTED_CACHE_CREATION_RATIO, UNLISTED_CACHE_RATIO } from '@tollgate/contracts';
import { type ConsumptionOther } from '../logs/log-rows';
import { OptionsService } from '../options/options.service';
import { billingError } from './billing.errors';
import { type CallFacts, type Price, type Usage } from './billing.types';
import { PriceMap } from './price-map';
import {
  IMAGE_PRICE_PER_RATIO,
  imageCallFactor,
  type ImageOrder,
  type ReservedCall,
  reservationQuota,
  usageQuota,
} from './quota-formula';

/** Ratio used for models without a price in self-use mode (reference §3.2). */
export const SELF_USE_MODEL_RATIO = 37.5;

// Amounts stop at the largest integer held exactly, which the ledger requires: an absurd order (a huge cap or
// image count, a steep ratio) then costs more than anyone holds instead of failing as an internal error.
const exactQuota = (quota: number): number => Math.min(quota, Number.MAX_SAFE_INTEGER);

type PriceOption = 'ModelPrice' | 'ModelRatio' | 'CompletionRatio' | 'CacheRatio' | 'GroupRatio';

/** Where an unpriced model's price comes from; null = refuse the call. */
type UnsetPricing = { modelPrice: number } | { modelRatio: number; completionRatio?: number } | null;

/** Prices from the pricing options, in memory: no I/O, maps parsed once per option value. */
@Injectable()
export class PriceCalculator {
  private readonly maps = new Map<PriceOption, { raw: string; map: PriceMap }>();

  constructor(private readonly options: OptionsService) {}

  /** Throws model_price_error when unpriced, unless fallback pricing, self-use mode or the user's setting applies. */
  priceFor(model: string, group: string, acceptUnsetModel: boolean): Price {
    return this.resolve(model, group, () => this.unsetPricing(acceptUnsetModel));
  }

  /**
   * A model as the price list shows it (group ratio 1): its own price, else what an unpriced call pays; a model
   * whose calls are refused is listed at the self-use ratio 37.5, as established gateways show it (reference §3.2).
   */
  listPrice(model: string): Price {
    return this.resolve(model, '', () => this.unsetPricing(false) ?? { modelRatio: SELF_USE_MODEL_RATIO });
  }

  private resolve(model: string, group: string, unsetPricing: () => UnsetPricing): Price {
    const groupRatio = this.map('GroupRatio').lookup(group) ?? 1;
    const perCall = this.map('ModelPrice').lookup(model);
    const ratio = this.map('ModelRatio').lookup(model);
    const base: Price = {
      model,
      modelRatio: ratio ?? 0,
      completionRatio: this.map('CompletionRatio').lookup(model) ?? 1,
      cacheRatio: this.map('CacheRatio').lookup(model) ?? UNLISTED_CACHE_RATIO,
      cacheCreationRatio: UNLISTED_CACHE_CREATION_RATIO,
      modelPrice: perCall ?? null,
      groupRatio,
    };
    if (perCall !== undefined || ratio !== undefined) return base;
    const unset = unsetPricing();
    if (unset === null) throw billingError('model_price_error', { model });
    if ('modelPrice' in unset) return { ...base, modelPrice: unset.modelPrice };
    return {
      ...base,
      modelRatio: unset.modelRatio,
      completionRatio: unset.completionRatio ?? base.completionRatio,
    };
  }

  /**
   * An image call as one per-call price (reference §3.2): the per-image price (ModelPrice, else
   * 0.0025 × ModelRatio) × size × quality × n. It is then reserved, billed and logged like any per-call price.
   */
  imagePrice(price: Price, order: ImageOrder): Price {
    const perImage = price.modelPrice ?? IMAGE_PRICE_PER_RATIO * price.modelRatio;
    return { ...price, modelPrice: perImage * imageCallFactor(order) };
  }

  /** Exact cost of a finished call (reference §3.2, OpenAI style). */
  quotaFor(price: Price, usage: Usage): number {
    return exactQuota(usageQuota(price, usage, this.quotaPerUnit()));
  }

  /** Pre-consume amount before the upstream call (reference §3.4 step 2). */
  estimateReservation(price: Price, call: ReservedCall): number {
    return exactQuota(
      reservationQuota(price, call, this.quotaPerUnit(), this.options.getNumber('PreConsumedQuota')),
    );
  }

  /**
   * A consumption log's `other`: the prices applied and what the call did. Built by assignment in one shape
   * (spreading parts cost the relay's hot path a few per cent of its CPU).
   */
  logOther(price: Price, usage: Usage, facts: CallFacts): ConsumptionOther {
    const other: ConsumptionOther = {
      model_ratio: price.modelRatio,
      completion_ratio: price.completionRatio,
      group_ratio: price.groupRatio,
      model_price: price.modelPrice ?? -1,
      cache_tokens: usage.cachedTokens ?? 0,
      cache_ratio: price.cacheRatio,
      frt: facts.frt,
      request_path: facts.requestPath,
      request_id: facts.requestId,
      admin_info: { use_channel: facts.usedChannels },
    };
    if (usage.cacheCreationTokens) {
      other.cache_creation_tokens = usage.cacheCreationTokens;
      other.cache_creation_ratio = price.cacheCreationRatio;
    }
    if (facts.upstreamModel !== null) {
      other.is_model_mapped = true;
      other.upstream_model_name = facts.upstreamModel;
    }
    return other;
  }

  // Admin-configured fallback pricing wins over self-use mode, and both over the user's "accept
  // unpriced models" setting, which makes a call free: an operator's explicit price must not be bypassed.
  private unsetPricing(acceptUnsetModel: boolean): UnsetPricing {
    if (this.options.getBoolean('fallback_pricing_enabled')) {
      const single = this.optionalNumber('fallback_single_price');
      if (single !== null) return { modelPrice: single };
      const input = this.optionalNumber('fallback_input_ratio');
      const completion = this.optionalNumber('fallback_completion_ratio');
      if (input !== null && completion !== null) return { modelRatio: input, completionRatio: completion };
    }
    if (this.options.getBoolean('SelfUseModeEnabled')) return { modelRatio: SELF_USE_MODEL_RATIO };
    if (acceptUnsetModel) return { modelRatio: 0 };
    return null;
  }

  private optionalNumber(key: OptionKey): number | null {
    const raw = this.options.get(key).trim();
    if (raw === '') return null;
    const value = Number(raw);
    return Number.isFinite(value) && value >= 0 ? value : null;
  }

  private quotaPerUnit(): number {
    return this.options.getNumber('QuotaPerUnit');
  }

  // Keyed by the raw option string: a reload that changes the value reparses, anything else is a map hit.
  private map(key: PriceOption): PriceMap {
    const raw = this.options.get(key);
    const cached = this.maps.get(key);
    if (cached?.raw === raw) return cached.map;
    const map = new PriceMap(raw);
    this.maps.set(key, { raw, map });
    return map;
  }
}
