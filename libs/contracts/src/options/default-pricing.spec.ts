import {
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_GROUP_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
  UNLISTED_CACHE_CREATION_RATIO,
  UNLISTED_CACHE_RATIO,
} from './default-pricing';
import { defaultOptionValues } from './option-catalogue';

describe('default pricing', () => {
  it('serialises each map as the default of its option', () => {
    const defaults = defaultOptionValues();
    expect(JSON.parse(defaults.ModelRatio)).toEqual(DEFAULT_MODEL_RATIO);
    expect(JSON.parse(defaults.CompletionRatio)).toEqual(DEFAULT_COMPLETION_RATIO);
    expect(JSON.parse(defaults.CacheRatio)).toEqual(DEFAULT_CACHE_RATIO);
    expect(JSON.parse(defaults.ModelPrice)).toEqual(DEFAULT_MODEL_PRICE);
    expect(JSON.parse(defaults.GroupRatio)).toEqual(DEFAULT_GROUP_RATIO);
  });

  it.each([
    ['gpt-3.5-turbo', 0.25, 3, undefined],
    ['gpt-4', 15, 2, undefined],
    ['gpt-4-turbo', 5, 3, undefined],
    ['gpt-4o', 1.25, 4, 0.5],
    ['gpt-4o-2024-05-13', 2.5, 3, undefined],
    ['gpt-4o-2024-08-06', 1.25, 4, 0.5],
    ['gpt-4o-mini', 0.075, 4, 0.5],
    ['gpt-4.1', 1, 4, undefined],
    ['gpt-4.1-mini', 0.2, 4, undefined],
    ['gpt-4.1-nano', 0.05, 4, undefined],
    ['o1', 7.5, 4, 0.5],
    ['o1-preview', 7.5, 4, 0.5],
    ['o1-mini', 0.55, 4, 0.5],
    ['o3-mini-high', 0.55, 4, 0.5],
    ['o3', 1, 4, undefined],
    ['o4-mini', 0.55, 4, undefined],
    ['gpt-4.5-preview', 37.5, 2, 0.5],
    ['claude-3-haiku-20240307', 0.125, 5, 0.1],
    ['claude-3-5-haiku-20241022', 0.5, 5, 0.1],
    ['claude-3-5-sonnet-20240620', 1.5, 5, 0.1],
    ['claude-3-5-sonnet-20241022', 1.5, 5, 0.1],
    ['claude-3-7-sonnet-20250219-thinking', 1.5, 5, 0.1],
    ['claude-sonnet-4-5-20250929', 1.5, 5, 0.1],
    ['claude-3-opus-20240229', 7.5, 5, 0.1],
    ['claude-opus-4-1-20250805', 7.5, 5, 0.1],
    ['claude-opus-4-5-20251101', 2.5, 5, 0.1],
    ['claude-haiku-4-5-20251001', 0.5, 5, 0.1],
    ['gemini-1.5-pro-latest', 1.25, 4, undefined],
    ['gemini-1.5-flash-latest', 0.075, 4, undefined],
    ['gemini-2.0-flash', 0.05, 4, undefined],
    ['gemini-2.5-pro', 0.625, 8, undefined],
    ['gemini-2.5-flash-preview-05-20-nothinking', 0.075, 4, undefined],
    ['gemini-2.5-flash-lite-preview-06-17', 0.05, 4, undefined],
    ['deepseek-chat', 0.135, 4, 0.25],
    ['deepseek-reasoner', 0.275, 4, 0.25],
    ['text-embedding-3-small', 0.01, 1, undefined],
    ['text-embedding-3-large', 0.065, 1, undefined],
    ['text-embedding-ada-002', 0.05, 1, undefined],
    ['whisper-1', 15, 1, undefined],
    ['tts-1', 7.5, 1, undefined],
    ['tts-1-hd', 15, 1, undefined],
  ])('prices %s at ratio %d, completion %d, cache %p', (model, ratio, completion, cache) => {
    expect(DEFAULT_MODEL_RATIO[model]).toBe(ratio);
    expect(DEFAULT_COMPLETION_RATIO[model]).toBe(completion);
    expect(DEFAULT_CACHE_RATIO[model]).toBe(cache);
  });

  it('derives the Gemini thinking completion ratios from vendor prices', () => {
    expect(DEFAULT_COMPLETION_RATIO['gemini-2.5-flash']).toBeCloseTo(8.333, 3);
    expect(DEFAULT_COMPLETION_RATIO['gemini-2.5-flash-preview-04-17']).toBeCloseTo(23.333, 3);
  });

  it('keeps the upstream wildcard completion ratios', () => {
    expect(DEFAULT_COMPLETION_RATIO['gpt-4-gizmo-*']).toBe(2);
    expect(DEFAULT_COMPLETION_RATIO['gpt-4o-gizmo-*']).toBe(3);
    expect(DEFAULT_COMPLETION_RATIO['gpt-4-all']).toBe(2);
  });

  it.each([
    ['dall-e-3', 0.04],
    ['imagen-3.0-generate-002', 0.03],
    ['gpt-4-gizmo-*', 0.1],
    ['suno_music', 0.1],
    ['suno_lyrics', 0.01],
    ['mj_imagine', 0.1],
    ['mj_blend', 0.1],
    ['mj_describe', 0.05],
    ['mj_upscale', 0.05],
    ['mj_upload', 0.05],
    ['swap_face', 0.05],
    ['mj_inpaint', 0],
    ['mj_custom_zoom', 0],
  ])('prices %s at US$%d per call', (model, price) => {
    expect(DEFAULT_MODEL_PRICE[model]).toBe(price);
  });

  it('gives every ratio-priced model a completion ratio', () => {
    for (const model of Object.keys(DEFAULT_MODEL_RATIO))
      expect(DEFAULT_COMPLETION_RATIO[model]).toBeDefined();
  });

  it('lists cache ratios only for ratio-priced models', () => {
    for (const model of Object.keys(DEFAULT_CACHE_RATIO)) expect(DEFAULT_MODEL_RATIO[model]).toBeDefined();
  });

  it('bills unlisted cache reads at full rate and cache writes at 1.25', () => {
    expect(UNLISTED_CACHE_RATIO).toBe(1);
    expect(UNLISTED_CACHE_CREATION_RATIO).toBe(1.25);
  });

  it('cannot be mutated by a caller', () => {
    expect(Object.isFrozen(DEFAULT_MODEL_RATIO)).toBe(true);
    expect(Object.isFrozen(DEFAULT_MODEL_PRICE)).toBe(true);
  });
});
