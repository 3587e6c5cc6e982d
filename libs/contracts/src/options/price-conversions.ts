import { USD_PER_MILLION_AT_RATIO_1, perMillionPrices } from '../pricing';
import { type MessageLanguage } from './option-messages';

/** Every reason the price editors (visual ratios, models without a ratio) refuse an entry. */
export const PRICE_EDITOR_ISSUE_CODES = [
  'not_a_number',
  'zero_input_price',
  'duplicate_model',
  'no_models_selected',
  'no_fill_value',
  'invalid_fill_value',
  'both_ratios_required',
] as const;

export type PriceEditorIssue = (typeof PRICE_EDITOR_ISSUE_CODES)[number];

/** Spec 000 §5 "Price editor" and "Batch set in the models-without-ratio view"; Chinese texts verbatim. */
export const PRICE_EDITOR_MESSAGES: Readonly<
  Record<PriceEditorIssue, Readonly<Record<MessageLanguage, string>>>
> = {
  not_a_number: { en: 'Please enter a number', zh: '请输入数字' },
  zero_input_price: { en: 'The model price cannot be 0', zh: '模型价格不能为0' },
  duplicate_model: { en: 'The model name already exists', zh: '模型名称已存在' },
  no_models_selected: { en: 'Select the models to set first', zh: '请先选择需要批量设置的模型' },
  no_fill_value: { en: 'Please enter a fill value', zh: '请输入填充值' },
  invalid_fill_value: { en: 'Please enter a valid number', zh: '请输入有效的数字' },
  both_ratios_required: {
    en: 'Please enter both the model ratio and the completion ratio',
    zh: '请输入模型倍率和补全倍率',
  },
};

export type Checked<T> = { ok: true; value: T } | { ok: false; issue: PriceEditorIssue };

export const accepted = <T>(value: T): Checked<T> => ({ ok: true, value });
export const refused = <T>(issue: PriceEditorIssue): Checked<T> => ({ ok: false, issue });

// A non-negative decimal as typed: "0.", "12", ".5", "1e-7" (how String() writes tiny ratios).
const AMOUNT = /^(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * An amount typed into a price editor: '' (or blanks) is "not set" (null), anything but a non-negative
 * decimal is refused with 请输入数字.
 */
export function parseAmount(text: string): Checked<number | null> {
  const trimmed = text.trim();
  if (trimmed === '') return accepted(null);
  const value = Number(trimmed);
  return AMOUNT.test(trimmed) && Number.isFinite(value) ? accepted(value) : refused('not_a_number');
}

/** Twelve significant digits: 0.6 / 0.15 shows as 4, not 3.9999999999999996. */
export const roundAmount = (value: number): number => Number(value.toPrecision(12));

export interface TokenRatios {
  ratio: number;
  /** Absent when no output price was given: billing then uses 1 (output priced as input). */
  completionRatio?: number;
}

/**
 * Spec 000 §5: per-token prices (USD per 1M tokens) to ratios. Ratio = input price / 2,
 * completion ratio = output price / input price, so an input price of 0 cannot be converted.
 */
export function tokenPricesToRatios(
  inputPerMillion: number,
  outputPerMillion?: number,
): Checked<TokenRatios> {
  if (inputPerMillion === 0) return refused('zero_input_price');
  const ratio = roundAmount(inputPerMillion / USD_PER_MILLION_AT_RATIO_1);
  if (outputPerMillion === undefined) return accepted({ ratio });
  return accepted({ ratio, completionRatio: roundAmount(outputPerMillion / inputPerMillion) });
}

/** The way back (× 2): what a ratio pair costs per 1M input and output tokens, in USD. */
export function ratiosToTokenPrices(ratio: number, completionRatio = 1): { input: number; output: number } {
  const { input, output } = perMillionPrices({ model_ratio: ratio, completion_ratio: completionRatio }, 1);
  return { input: roundAmount(input), output: roundAmount(output) };
}
