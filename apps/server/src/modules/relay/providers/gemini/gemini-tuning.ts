import { type Json } from '../../protocols/protocol';
import { type AdapterOptions } from '../upstream-adapter';
import { isJsonObject } from '../../../../common/json';

/** A generateContent body tuned for one Gemini model, and the model name to put in the URL. */
export interface TunedGemini {
  model: string;
  body: Json;
}

// The harm categories Gemini accepts in safetySettings; the option names a threshold per category.
const HARM_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_CIVIC_INTEGRITY',
];

// Thinking budgets each family accepts (Google's documented ranges); outside them Gemini answers 400.
const BUDGET_RANGES: ReadonlyArray<[prefix: string, min: number, max: number]> = [
  ['gemini-2.5-pro', 128, 32768],
  ['gemini-2.5-flash-lite', 512, 24576],
  ['gemini-2.5-flash', 0, 24576],
];

function clampBudget(model: string, budget: number): number {
  const range = BUDGET_RANGES.find(([prefix]) => model.startsWith(prefix));
  return range ? Math.min(Math.max(budget, range[1]), range[2]) : budget;
}

function safetySettingsOf(options: AdapterOptions): Json[] {
  const thresholds = options.getJson<Record<string, string>>('gemini.safety_settings');
  const categories = new Set([
    ...HARM_CATEGORIES,
    ...Object.keys(thresholds).filter((key) => key !== 'default'),
  ]);
  return [...categories].map((category) => ({
    category,
    threshold: thresholds[category] ?? thresholds.default ?? 'BLOCK_NONE',
  }));
}

interface ThinkingPlan {
  model: string;
  thinkingConfig?: Json;
}

/**
 * The thinking adapter: `<model>-thinking-<budget>`, `<model>-thinking` and `<model>-nothinking` are
 * served by `<model>` with thinking set accordingly (the suffixed names exist only for pricing and routing).
 */
function planThinking(model: string, maxOutputTokens: unknown, options: AdapterOptions): ThinkingPlan {
  const budgeted = /^(.+)-thinking-(\d+)$/.exec(model);
  if (budgeted) {
    const base = budgeted[1];
    return {
      model: base,
      thinkingConfig: { thinkingBudget: clampBudget(base, Number(budgeted[2])), includeThoughts: true },
    };
  }
  if (model.endsWith('-thinking')) {
    const base = model.slice(0, -'-thinking'.length);
    const budgetable = options.getJson<string[]>('gemini.models_supported_thinking_budget').includes(base);
    if (!budgetable || typeof maxOutputTokens !== 'number' || maxOutputTokens <= 0) {
      return { model: base, thinkingConfig: { includeThoughts: true } };
    }
    const share = options.getNumber('gemini.thinking_adapter_budget_tokens_percentage');
    const budget = clampBudget(base, Math.floor(share * maxOutputTokens));
    return { model: base, thinkingConfig: { thinkingBudget: budget, includeThoughts: true } };
  }
  if (model.endsWith('-nothinking')) {
    const base = model.slice(0, -'-nothinking'.length);
    // 2.5 Pro cannot switch thinking off; it keeps its default rather than failing the request.
    return base.startsWith('gemini-2.5-pro')
      ? { model: base }
      : { model: base, thinkingConfig: { thinkingBudget: 0 } };
  }
  return { model };
}

/** Safety settings, the thinking adapter and image output, as the gemini.* options say; never mutates `body`. */
export function tuneGeminiBody(model: string, body: Readonly<Json>, options: AdapterOptions): TunedGemini {
  const tuned: Json = { ...body };
  const config: Json = isJsonObject(body.generationConfig) ? { ...body.generationConfig } : {};
  let upstreamModel = model;
  if (options.getBoolean('gemini.thinking_adapter_enabled')) {
    const plan = planThinking(model, config.maxOutputTokens, options);
    upstreamModel = plan.model;
    if (plan.thinkingConfig) {
      const callerConfig = isJsonObject(config.thinkingConfig) ? config.thinkingConfig : {};
      config.thinkingConfig = { ...callerConfig, ...plan.thinkingConfig };
    }
  }
  if (options.getJson<string[]>('gemini.supported_imagine_models').includes(upstreamModel)) {
    config.responseModalities ??= ['TEXT', 'IMAGE'];
  }
  if (Object.keys(config).length > 0) tuned.generationConfig = config;
  if (tuned.safetySettings === undefined) tuned.safetySettings = safetySettingsOf(options);
  return { model: upstreamModel, body: tuned };
}
