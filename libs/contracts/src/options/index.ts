export * from './option-issues';
export type {
  BooleanOptionSpec,
  JsonOptionSpec,
  JsonShape,
  NumericOptionSpec,
  NumericRange,
  OptionKind,
  OptionSpec,
  StringFormat,
  StringOptionSpec,
  TextOptionSpec,
} from './option-spec';
export * from './option-catalogue';
export * from './default-pricing';
export {
  PRICE_EDITOR_ISSUE_CODES,
  PRICE_EDITOR_MESSAGES,
  type Checked,
  type PriceEditorIssue,
  type TokenRatios,
  parseAmount,
  ratiosToTokenPrices,
  roundAmount,
  tokenPricesToRatios,
} from './price-conversions';
export * from './model-price-rows';
export { isDomain, isHttpUrl } from './option-formats';
export {
  FALLBACK_PRICING_KEYS,
  OPTION_REQUIREMENTS,
  checkFallbackPricing,
  missingRequirements,
} from './option-rules';
export { validateOption } from './option-validation';
export * from './option-messages';
