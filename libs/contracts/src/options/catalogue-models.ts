import { type OptionSpec, bool, decimal, integer, json, str } from './option-spec';

const THINKING_BUDGET = { min: 0.1, max: 1 };

/** Gemini relay settings. */
export const GEMINI_OPTIONS = {
  'gemini.safety_settings': json(
    { default: 'OFF', HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE' },
    'string-map',
  ),
  'gemini.version_settings': json({ default: 'v1beta', 'gemini-1.0-pro': 'v1' }, 'string-map'),
  'gemini.supported_imagine_models': json(
    ['gemini-2.0-flash-exp-image-generation', 'gemini-2.0-flash-exp'],
    'string-list',
  ),
  'gemini.thinking_adapter_enabled': bool(false),
  /** Share of max tokens given to thinking when the adapter turns it on. */
  'gemini.thinking_adapter_budget_tokens_percentage': decimal(0.6, THINKING_BUDGET),
  'gemini.models_supported_thinking_budget': json(
    ['gemini-2.5-flash-preview-05-20', 'gemini-2.5-flash-preview-04-17', 'gemini-2.5-pro-preview-06-05'],
    'string-list',
  ),
} satisfies Record<string, OptionSpec>;

/** Claude relay settings. */
export const CLAUDE_OPTIONS = {
  /** model → header name → values; replaces those request headers upstream. */
  'claude.model_headers_settings': json({}, 'object'),
  'claude.thinking_adapter_enabled': bool(true),
  /** model → max_tokens when the request omits it; `default` applies to every other model. */
  'claude.default_max_tokens': json({ default: 8192 }, 'positive-integer-map'),
  'claude.thinking_adapter_budget_tokens_percentage': decimal(0.8, THINKING_BUDGET),
} satisfies Record<string, OptionSpec>;

/** Relay-wide behaviour and stream keep-alive. */
export const GLOBAL_OPTIONS = {
  'global.pass_through_request_enabled': bool(false),
  'global.hide_upstream_error_enabled': bool(false),
  'global.block_browser_extension_enabled': bool(false),
  'global.rate_limit_exempt_enabled': bool(false),
  'global.rate_limit_exempt_group': str('bulk-ok'),
  'global.safe_check_exempt_enabled': bool(false),
  'global.safe_check_exempt_group': str('nsfw-ok'),
  'general_setting.ping_interval_enabled': bool(false),
  'general_setting.ping_interval_seconds': integer(60, { min: 1 }),
} satisfies Record<string, OptionSpec>;
