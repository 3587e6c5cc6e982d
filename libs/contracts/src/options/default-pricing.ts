// Default prices seeded into ModelRatio, CompletionRatio, CacheRatio and ModelPrice (reference §3.3).
// Ratio 1 = US$2 per 1M input tokens; completion and cache ratios multiply the model ratio.

interface TokenPricing {
  ratio: number;
  completion: number;
  /** Cache-read ratio; absent = no confirmed discount, billed at UNLISTED_CACHE_RATIO. */
  cache?: number;
}

// Completion ratios are written out per model instead of coming from hard-coded family rules,
// so the admin sees (and can edit) the exact value billing uses.
const TOKEN_PRICED_MODELS: Readonly<Record<string, TokenPricing>> = {
  // OpenAI
  'gpt-3.5-turbo': { ratio: 0.25, completion: 3 },
  'gpt-4': { ratio: 15, completion: 2 },
  'gpt-4-turbo': { ratio: 5, completion: 3 },
  'gpt-4-turbo-2024-04-09': { ratio: 5, completion: 3 },
  'gpt-4o': { ratio: 1.25, completion: 4, cache: 0.5 },
  'gpt-4o-2024-05-13': { ratio: 2.5, completion: 3 },
  'gpt-4o-2024-08-06': { ratio: 1.25, completion: 4, cache: 0.5 },
  'gpt-4o-2024-11-20': { ratio: 1.25, completion: 4, cache: 0.5 },
  'gpt-4o-mini': { ratio: 0.075, completion: 4, cache: 0.5 },
  'gpt-4o-mini-2024-07-18': { ratio: 0.075, completion: 4, cache: 0.5 },
  // Vendors differ on the 4.1 family completion ratio (4 vs a fallback of 2): set the vendor's 4.
  'gpt-4.1': { ratio: 1, completion: 4 },
  'gpt-4.1-2025-04-14': { ratio: 1, completion: 4 },
  'gpt-4.1-mini': { ratio: 0.2, completion: 4 },
  'gpt-4.1-mini-2025-04-14': { ratio: 0.2, completion: 4 },
  'gpt-4.1-nano': { ratio: 0.05, completion: 4 },
  'gpt-4.1-nano-2025-04-14': { ratio: 0.05, completion: 4 },
  'gpt-4.5-preview': { ratio: 37.5, completion: 2, cache: 0.5 },
  'gpt-4.5-preview-2025-02-27': { ratio: 37.5, completion: 2, cache: 0.5 },
  o1: { ratio: 7.5, completion: 4, cache: 0.5 },
  'o1-2024-12-17': { ratio: 7.5, completion: 4, cache: 0.5 },
  'o1-preview': { ratio: 7.5, completion: 4, cache: 0.5 },
  'o1-preview-2024-09-12': { ratio: 7.5, completion: 4, cache: 0.5 },
  'o1-mini': { ratio: 0.55, completion: 4, cache: 0.5 },
  'o1-mini-2024-09-12': { ratio: 0.55, completion: 4, cache: 0.5 },
  'o3-mini': { ratio: 0.55, completion: 4, cache: 0.5 },
  'o3-mini-2025-01-31': { ratio: 0.55, completion: 4, cache: 0.5 },
  'o3-mini-low': { ratio: 0.55, completion: 4, cache: 0.5 },
  'o3-mini-medium': { ratio: 0.55, completion: 4, cache: 0.5 },
  'o3-mini-high': { ratio: 0.55, completion: 4, cache: 0.5 },
  o3: { ratio: 1, completion: 4 },
  'o3-2025-04-16': { ratio: 1, completion: 4 },
  // No family rule covers o4-mini upstream (it would fall to 1): the vendor ratio is 4.
  'o4-mini': { ratio: 0.55, completion: 4 },
  'o4-mini-2025-04-16': { ratio: 0.55, completion: 4 },
  'text-embedding-3-small': { ratio: 0.01, completion: 1 },
  'text-embedding-3-large': { ratio: 0.065, completion: 1 },
  'text-embedding-ada-002': { ratio: 0.05, completion: 1 },
  'whisper-1': { ratio: 15, completion: 1 },
  'tts-1': { ratio: 7.5, completion: 1 },
  'tts-1-hd': { ratio: 15, completion: 1 },
  // Anthropic: cache read 0.1; cache creation is UNLISTED_CACHE_CREATION_RATIO (1.25) for every model.
  'claude-3-haiku-20240307': { ratio: 0.125, completion: 5, cache: 0.1 },
  'claude-3-5-haiku-20241022': { ratio: 0.5, completion: 5, cache: 0.1 },
  'claude-3-5-sonnet-20240620': { ratio: 1.5, completion: 5, cache: 0.1 },
  'claude-3-5-sonnet-20241022': { ratio: 1.5, completion: 5, cache: 0.1 },
  'claude-3-7-sonnet-20250219': { ratio: 1.5, completion: 5, cache: 0.1 },
  'claude-3-7-sonnet-20250219-thinking': { ratio: 1.5, completion: 5, cache: 0.1 },
  'claude-sonnet-4-20250514': { ratio: 1.5, completion: 5, cache: 0.1 },
  'claude-sonnet-4-5-20250929': { ratio: 1.5, completion: 5, cache: 0.1 },
  'claude-3-opus-20240229': { ratio: 7.5, completion: 5, cache: 0.1 },
  'claude-opus-4-20250514': { ratio: 7.5, completion: 5, cache: 0.1 },
  'claude-opus-4-1-20250805': { ratio: 7.5, completion: 5, cache: 0.1 },
  'claude-opus-4-5-20251101': { ratio: 2.5, completion: 5, cache: 0.1 },
  'claude-haiku-4-5-20251001': { ratio: 0.5, completion: 5, cache: 0.1 },
  // Google
  'gemini-1.5-pro-latest': { ratio: 1.25, completion: 4 },
  'gemini-1.5-flash-latest': { ratio: 0.075, completion: 4 },
  'gemini-2.0-flash': { ratio: 0.05, completion: 4 },
  'gemini-2.5-pro': { ratio: 0.625, completion: 8 },
  'gemini-2.5-pro-exp-03-25': { ratio: 0.625, completion: 8 },
  'gemini-2.5-pro-preview-03-25': { ratio: 0.625, completion: 8 },
  'gemini-2.5-pro-preview-05-06': { ratio: 0.625, completion: 8 },
  'gemini-2.5-pro-preview-06-05': { ratio: 0.625, completion: 8 },
  // Vendor prices US$0.30 in / US$2.50 out per 1M tokens.
  'gemini-2.5-flash': { ratio: 0.15, completion: 2.5 / 0.3 },
  // Previews bill thinking output at US$3.50 against US$0.15 input; "-nothinking" at the plain rate.
  'gemini-2.5-flash-preview-04-17': { ratio: 0.075, completion: 3.5 / 0.15 },
  'gemini-2.5-flash-preview-04-17-nothinking': { ratio: 0.075, completion: 4 },
  'gemini-2.5-flash-preview-05-20': { ratio: 0.075, completion: 3.5 / 0.15 },
  'gemini-2.5-flash-preview-05-20-nothinking': { ratio: 0.075, completion: 4 },
  'gemini-2.5-flash-lite': { ratio: 0.05, completion: 4 },
  'gemini-2.5-flash-lite-preview-06-17': { ratio: 0.05, completion: 4 },
  // DeepSeek
  'deepseek-chat': { ratio: 0.135, completion: 4, cache: 0.25 },
  'deepseek-reasoner': { ratio: 0.275, completion: 4, cache: 0.25 },
};

const mapRows = (pick: (row: TokenPricing) => number | undefined): Record<string, number> => {
  const map: Record<string, number> = {};
  for (const [model, row] of Object.entries(TOKEN_PRICED_MODELS)) {
    const value = pick(row);
    if (value !== undefined) map[model] = value;
  }
  return map;
};

export const DEFAULT_MODEL_RATIO: Readonly<Record<string, number>> = Object.freeze(
  mapRows((row) => row.ratio),
);

export const DEFAULT_COMPLETION_RATIO: Readonly<Record<string, number>> = Object.freeze({
  // Wildcards from the upstream seed (GPTs and "-all" relays), kept so imported settings behave the same.
  'gpt-4-gizmo-*': 2,
  'gpt-4o-gizmo-*': 3,
  'gpt-4-all': 2,
  ...mapRows((row) => row.completion),
});

export const DEFAULT_CACHE_RATIO: Readonly<Record<string, number>> = Object.freeze(
  mapRows((row) => row.cache),
);

/** US$ per call; a model listed here is billed per call even if it also has a ratio. */
export const DEFAULT_MODEL_PRICE: Readonly<Record<string, number>> = Object.freeze({
  'dall-e-3': 0.04,
  'imagen-3.0-generate-002': 0.03,
  'gpt-4-gizmo-*': 0.1,
  suno_music: 0.1,
  suno_lyrics: 0.01,
  mj_imagine: 0.1,
  mj_variation: 0.1,
  mj_high_variation: 0.1,
  mj_low_variation: 0.1,
  mj_reroll: 0.1,
  mj_blend: 0.1,
  mj_modal: 0.1,
  mj_zoom: 0.1,
  mj_shorten: 0.1,
  mj_pan: 0.1,
  mj_describe: 0.05,
  mj_upscale: 0.05,
  mj_upload: 0.05,
  swap_face: 0.05,
  // Inpaint and custom zoom only open a MODAL step; the mj_modal submission that follows is billed.
  mj_inpaint: 0,
  mj_custom_zoom: 0,
});

/** Cache-read ratio for a model missing from CacheRatio: no discount. */
export const UNLISTED_CACHE_RATIO = 1;
/** Cache-creation (write) ratio for every model: Anthropic's 25 % surcharge; no per-model option exists. */
export const UNLISTED_CACHE_CREATION_RATIO = 1.25;

/** GroupRatio and TopupGroupRatio seed: every built-in group at list price. */
export const DEFAULT_GROUP_RATIO: Readonly<Record<string, number>> = Object.freeze({
  default: 1,
  vip: 1,
  svip: 1,
});
