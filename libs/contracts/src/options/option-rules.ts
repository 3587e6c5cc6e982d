import { type OptionKey, isSecretOption } from './option-catalogue';
import { type OptionIssue, optionIssue } from './option-issues';

/**
 * Keys that must be filled before a key is switched on (booleans) or given a value (strings):
 * enabling a login method without its credentials would lock users out of it.
 */
export const OPTION_REQUIREMENTS: Readonly<Partial<Record<OptionKey, readonly OptionKey[]>>> = {
  GitHubOAuthEnabled: ['GitHubClientId', 'GitHubClientSecret'],
  LinuxDOOAuthEnabled: ['LinuxDOClientId', 'LinuxDOClientSecret'],
  'oidc.enabled': [
    'oidc.client_id',
    'oidc.client_secret',
    'oidc.authorization_endpoint',
    'oidc.token_endpoint',
    'oidc.user_info_endpoint',
  ],
  WeChatAuthEnabled: ['WeChatServerAddress', 'WeChatServerToken'],
  TelegramOAuthEnabled: ['TelegramBotName', 'TelegramBotToken'],
  TurnstileCheckEnabled: ['TurnstileSiteKey', 'TurnstileSecretKey'],
  EmailVerificationEnabled: ['SMTPServer'],
  EmailDomainRestrictionEnabled: ['EmailDomainWhitelist'],
  // Payment notify and return links are built on the server address (spec: required before payment).
  PayAddress: ['ServerAddress'],
};

/**
 * The keys of OPTION_REQUIREMENTS[key] still empty in `current`.
 * The console is never sent secrets, so a secret absent from `current` counts as unknown, not empty;
 * the server passes its full stored map and so checks them too.
 */
export const missingRequirements = (key: OptionKey, current: Readonly<Record<string, string>>): OptionKey[] =>
  (OPTION_REQUIREMENTS[key] ?? []).filter((required) => {
    const value = current[required];
    return value === undefined ? !isSecretOption(required) : value.trim() === '';
  });

export const FALLBACK_PRICING_KEYS = [
  'fallback_single_price',
  'fallback_input_ratio',
  'fallback_completion_ratio',
] as const satisfies readonly OptionKey[];

const isSet = (value: string | undefined): boolean => value !== undefined && value.trim() !== '';

/**
 * The spec's rule for the whole fallback form: a single price alone, or both ratios and no single price
 * (or nothing). The console checks it before saving; billing uses fallback pricing only when it holds.
 */
export const checkFallbackPricing = (values: Readonly<Record<string, string>>): OptionIssue | null => {
  const single = isSet(values.fallback_single_price);
  const input = isSet(values.fallback_input_ratio);
  const completion = isSet(values.fallback_completion_ratio);
  const valid = single ? !input && !completion : input === completion;
  return valid ? null : optionIssue('fallback_pricing_conflict');
};

/**
 * The part of that rule one key write can enforce: the single price and a ratio never set together.
 * Options are saved one key per call, so switching modes passes through half-filled states
 * (ratios → price: clear input, clear completion, set price); those must be accepted, and the
 * console sends clearing writes before setting ones.
 */
export const checkFallbackWrite = (
  key: OptionKey,
  value: string,
  current: Readonly<Record<string, string>>,
): OptionIssue | null => {
  if (!(FALLBACK_PRICING_KEYS as readonly string[]).includes(key) || !isSet(value)) return null;
  const after: Readonly<Record<string, string>> = { ...current, [key]: value };
  const single = isSet(after.fallback_single_price);
  const ratio = isSet(after.fallback_input_ratio) || isSet(after.fallback_completion_ratio);
  return single && ratio ? optionIssue('fallback_pricing_conflict') : null;
};
