import { defaultOptionValues, type OptionKey } from '@tollgate/contracts';
import { AppError } from '../../common/errors/app-error';
import { type OptionsService } from '../options/options.service';
import { type Price } from './billing.types';
import { PriceCalculator } from './price-calculator';
import { type ImageOrder } from './quota-formula';

const NO_TOKENS = { promptTokens: 0, completionTokens: 0 };
const FACTS = {
  frt: 120,
  requestPath: '/v1/chat/completions',
  requestId: 'r1',
  usedChannels: ['3'],
  upstreamModel: null,
};

function calculator(overrides: Partial<Record<OptionKey, string>> = {}) {
  const values: Record<string, string> = { ...defaultOptionValues(), ...overrides };
  // Only the reads PriceCalculator makes; the real service is covered by the HTTP tests.
  const options = {
    get: (key: OptionKey) => values[key] ?? '',
    getBoolean: (key: OptionKey) => values[key] === 'true',
    getNumber: (key: OptionKey) => Number(values[key]),
  } as unknown as OptionsService;
  return { prices: new PriceCalculator(options), values };
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('PriceCalculator', () => {
  it('prices gpt-4o-mini from the seeded ratios (0.075, completion 4, cache 0.5)', () => {
    const { prices } = calculator();
    const price = prices.priceFor('gpt-4o-mini', 'default', false);
    expect(price).toEqual({
      model: 'gpt-4o-mini',
      modelRatio: 0.075,
      completionRatio: 4,
      cacheRatio: 0.5,
      cacheCreationRatio: 1.25,
      modelPrice: null,
      groupRatio: 1,
    });
    // (1000 + 500×4) × 0.075 = 225
    expect(prices.quotaFor(price, { promptTokens: 1000, completionTokens: 500 })).toBe(225);
    // (600 uncached + 400×0.5 + 500×4) × 0.075 = 210
    expect(prices.quotaFor(price, { promptTokens: 1000, completionTokens: 500, cachedTokens: 400 })).toBe(
      210,
    );
  });

  it('bills Claude cache reads at 0.1 and cache creation at 1.25', () => {
    const { prices } = calculator();
    const price = prices.priceFor('claude-3-5-sonnet-20241022', 'default', false);
    const usage = {
      promptTokens: 3000,
      completionTokens: 100,
      cachedTokens: 1000,
      cacheCreationTokens: 1000,
    };
    // (1000 + 1000×0.1 + 1000×1.25 + 100×5) × 1.5 = 4275
    expect(prices.quotaFor(price, usage)).toBe(4275);
    expect(prices.logOther(price, usage, FACTS)).toEqual({
      model_ratio: 1.5,
      completion_ratio: 5,
      group_ratio: 1,
      model_price: -1,
      cache_tokens: 1000,
      cache_ratio: 0.1,
      cache_creation_tokens: 1000,
      cache_creation_ratio: 1.25,
      frt: 120,
      request_path: '/v1/chat/completions',
      request_id: 'r1',
      admin_info: { use_channel: ['3'] },
    });
  });

  it('bills a per-call price as price × QuotaPerUnit × group ratio, whatever the tokens', () => {
    const { prices } = calculator({ GroupRatio: '{"default":1,"vip":1.5}' });
    const price = prices.priceFor('dall-e-3', 'vip', false);
    expect(price.modelPrice).toBe(0.04);
    expect(prices.quotaFor(price, { promptTokens: 99999, completionTokens: 5 })).toBe(30000);
    expect(prices.estimateReservation(price, { promptTokens: 10, maxTokens: 100 })).toBe(30000);
    expect(prices.logOther(price, { promptTokens: 1, completionTokens: 1 }, FACTS).model_price).toBe(0.04);
    const mapped = prices.logOther(price, NO_TOKENS, { ...FACTS, upstreamModel: 'dall-e-3-hd' });
    expect(mapped).toMatchObject({ is_model_mapped: true, upstream_model_name: 'dall-e-3-hd' });
    expect(prices.logOther(price, NO_TOKENS, FACTS)).not.toHaveProperty('is_model_mapped');
  });

  it('applies the group ratio, and 1 for a group missing from GroupRatio', () => {
    const { prices } = calculator({ GroupRatio: '{"default":1,"svip":0.5}' });
    const usage = { promptTokens: 1000, completionTokens: 0 };
    expect(prices.quotaFor(prices.priceFor('gpt-4', 'svip', false), usage)).toBe(7500);
    expect(prices.quotaFor(prices.priceFor('gpt-4', 'nobody', false), usage)).toBe(15000);
    expect(prices.priceFor('gpt-4', 'constructor', false).groupRatio).toBe(1);
  });

  it('charges at least 1 when the ratio is not zero, and 0 for a free model', () => {
    const { prices } = calculator({ ModelRatio: '{"tiny":0.001,"free":0}' });
    expect(
      prices.quotaFor(prices.priceFor('tiny', 'default', false), { promptTokens: 1, completionTokens: 0 }),
    ).toBe(1);
    expect(
      prices.quotaFor(prices.priceFor('free', 'default', false), { promptTokens: 9, completionTokens: 9 }),
    ).toBe(0);
  });

  it('is not thrown off by binary decimals (2.5 stays 2.5 before rounding)', () => {
    // 0.1 × 25 = 2.5000000000000004 and 0.7 × 5 × 1 = 3.4999999999999996 in floating point.
    const { prices } = calculator({ ModelRatio: '{"a":0.1,"b":0.7}', GroupRatio: '{"default":1,"g":0.3}' });
    expect(
      prices.quotaFor(prices.priceFor('a', 'default', false), { promptTokens: 25, completionTokens: 0 }),
    ).toBe(3);
    expect(
      prices.quotaFor(prices.priceFor('b', 'default', false), { promptTokens: 5, completionTokens: 0 }),
    ).toBe(4);
    // 0.1 × 0.3 × 50 = 1.5 exactly in decimal → 2
    expect(prices.quotaFor(prices.priceFor('a', 'g', false), { promptTokens: 50, completionTokens: 0 })).toBe(
      2,
    );
  });

  it('finds gizmo models through their wildcard entries', () => {
    const { prices } = calculator();
    const gizmo = prices.priceFor('gpt-4-gizmo-g-abc123', 'default', false);
    expect(gizmo.modelPrice).toBe(0.1);
    expect(gizmo.completionRatio).toBe(2);
    const { prices: ratioOnly } = calculator({ ModelRatio: '{"gpt-4o-gizmo-*":2.5}' });
    const mini = ratioOnly.priceFor('gpt-4o-gizmo-g-xyz', 'default', false);
    expect(mini).toMatchObject({ modelRatio: 2.5, completionRatio: 3, modelPrice: null });
  });

  it('refuses an unpriced model with model_price_error', () => {
    const { prices } = calculator();
    expect(codeOf(() => prices.priceFor('mystery-model', 'default', false))).toBe('model_price_error');
  });

  it('prices an unpriced model at 37.5 in self-use mode, and at 0 with the user setting', () => {
    expect(
      calculator({ SelfUseModeEnabled: 'true' }).prices.priceFor('mystery', 'default', false).modelRatio,
    ).toBe(37.5);
    const free = calculator().prices;
    const price = free.priceFor('mystery', 'default', true);
    expect(price.modelRatio).toBe(0);
    expect(free.quotaFor(price, { promptTokens: 1000, completionTokens: 1000 })).toBe(0);
  });

  it('uses fallback pricing for unpriced models: a single price, or the two ratios', () => {
    const single = calculator({ fallback_pricing_enabled: 'true', fallback_single_price: '0.002' }).prices;
    const perCall = single.priceFor('mystery', 'default', true);
    expect(perCall.modelPrice).toBe(0.002);
    expect(single.quotaFor(perCall, { promptTokens: 5, completionTokens: 5 })).toBe(1000);
    const ratios = calculator({
      fallback_pricing_enabled: 'true',
      fallback_input_ratio: '1.5',
      fallback_completion_ratio: '2',
      SelfUseModeEnabled: 'true',
    }).prices;
    const priced = ratios.priceFor('mystery', 'default', false);
    expect(priced).toMatchObject({ modelRatio: 1.5, completionRatio: 2, modelPrice: null });
    expect(ratios.quotaFor(priced, { promptTokens: 100, completionTokens: 100 })).toBe(450);
    // Fallback switched off: the values are ignored.
    const off = calculator({ fallback_single_price: '0.002' }).prices;
    expect(codeOf(() => off.priceFor('mystery', 'default', false))).toBe('model_price_error');
  });

  it('reparses a map only when its option value changes', () => {
    const { prices, values } = calculator({ ModelRatio: '{"m":1}' });
    expect(prices.priceFor('m', 'default', false).modelRatio).toBe(1);
    values.ModelRatio = '{"m":2}';
    expect(prices.priceFor('m', 'default', false).modelRatio).toBe(2);
  });
});

describe('PriceCalculator.estimateReservation (reference §3.4 step 2)', () => {
  const price: Price = {
    model: 'm',
    modelRatio: 2,
    completionRatio: 4,
    cacheRatio: 1,
    cacheCreationRatio: 1.25,
    modelPrice: null,
    groupRatio: 1.5,
  };

  it('reserves (prompt + max tokens) × model × group when a max is given', () => {
    expect(calculator().prices.estimateReservation(price, { promptTokens: 100, maxTokens: 400 })).toBe(1500);
  });

  it('reserves PreConsumedQuota tokens (prompt not added, nor counted) without a max', () => {
    const uncounted = {
      get promptTokens(): number {
        throw new Error('the prompt was counted');
      },
      maxTokens: null,
    };
    expect(calculator().prices.estimateReservation(price, uncounted)).toBe(1500);
    expect(calculator({ PreConsumedQuota: '1000' }).prices.estimateReservation(price, uncounted)).toBe(3000);
  });

  it('reserves the prompt alone for a call that generates nothing (max 0: speech)', () => {
    const speech = { promptTokens: 100, maxTokens: 0 };
    expect(calculator({ PreConsumedQuota: '1000' }).prices.estimateReservation(price, speech)).toBe(300);
  });

  it('never reserves or charges beyond the integers held exactly, however absurd the order', () => {
    const { prices } = calculator();
    const huge = { promptTokens: 10, maxTokens: 2 ** 63 };
    expect(prices.estimateReservation(price, huge)).toBe(Number.MAX_SAFE_INTEGER);
    const images = prices.imagePrice(
      { ...price, modelPrice: 1000 },
      {
        model: 'dall-e-3',
        size: '1024x1024',
        quality: 'hd',
        n: 2 ** 40,
      },
    );
    expect(prices.estimateReservation(images, { promptTokens: 0, maxTokens: null })).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(prices.quotaFor(images, NO_TOKENS)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('PriceCalculator.imagePrice (reference §3.2 images)', () => {
  const order = (fields: Partial<ImageOrder> = {}): ImageOrder => ({
    model: 'dall-e-3',
    size: '1024x1024',
    quality: 'standard',
    n: 1,
    ...fields,
  });

  it('turns the per-image ModelPrice into the call price: × size × quality × n', () => {
    const { prices } = calculator({ GroupRatio: '{"default":1,"vip":1.5}' });
    const listed = prices.priceFor('dall-e-3', 'default', false);
    const cost = (fields: Partial<ImageOrder>) =>
      prices.quotaFor(prices.imagePrice(listed, order(fields)), NO_TOKENS);
    // 0.04 × 500000 = 20000 per standard square image
    expect(cost({})).toBe(20000);
    expect(cost({ n: 3 })).toBe(60000);
    expect(cost({ quality: 'hd' })).toBe(40000);
    // hd on the large sizes is 1.5, not 2: 0.04 × 2 × 1.5 × 2 images
    expect(cost({ quality: 'hd', size: '1792x1024', n: 2 })).toBe(120000);
    expect(cost({ size: '256x256' })).toBe(8000);
    expect(cost({ size: '512x512' })).toBe(9000);
    // Sizes outside the table count as 1.
    expect(cost({ size: '1536x1024' })).toBe(20000);
    const vip = prices.imagePrice(prices.priceFor('dall-e-3', 'vip', false), order({ n: 2 }));
    expect(prices.quotaFor(vip, NO_TOKENS)).toBe(60000);
    expect(prices.estimateReservation(vip, { promptTokens: 0, maxTokens: null })).toBe(60000);
    expect(prices.logOther(vip, NO_TOKENS, FACTS).model_price).toBe(0.08);
  });

  it('prices an image model without ModelPrice at 0.0025 × ModelRatio per image; hd doubles only dall-e-3', () => {
    const { prices } = calculator({ ModelRatio: '{"img-model":16}' });
    const listed = prices.priceFor('img-model', 'default', false);
    const price = prices.imagePrice(listed, order({ model: 'img-model', quality: 'hd', n: 2 }));
    // 0.0025 × 16 = 0.04 per image, × 2 images
    expect(prices.quotaFor(price, NO_TOKENS)).toBe(40000);
  });
});
