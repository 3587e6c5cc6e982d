import { type Json } from '../../protocols/protocol';
import { isObject } from '../../protocols/claude/claude-json';
import { type RoutedChannel } from '../../routing/routing-table';
import { type AdapterOptions } from '../upstream-adapter';

const THINKING_SUFFIX = '-thinking';
const FALLBACK_MAX_TOKENS = 8192;
// Claude refuses a thinking budget under 1024 tokens, and max_tokens must exceed the budget; 1280 × the
// default 0.8 share is exactly that floor.
const MIN_THINKING_BUDGET = 1024;
const MIN_THINKING_MAX_TOKENS = 1280;
const SAMPLING_REFUSED_WITH_THINKING = ['temperature', 'top_p', 'top_k'];

export interface TunedClaudeBody {
  /** The upstream model without the `-thinking` suffix the thinking adapter reads. */
  model: string;
  body: Json;
}

const isPositiveInteger = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0;

/** claude.default_max_tokens: the model's own entry, else `default`, else 8192. */
function defaultMaxTokens(options: AdapterOptions, names: readonly string[]): number {
  const table = options.getJson<unknown>('claude.default_max_tokens');
  if (!isObject(table)) return FALLBACK_MAX_TOKENS;
  const found = [...names, 'default'].map((name) => table[name]).find(isPositiveInteger);
  return found ?? FALLBACK_MAX_TOKENS;
}

function enableThinking(body: Json, options: AdapterOptions): void {
  const maxTokens = Math.max(Number(body.max_tokens), MIN_THINKING_MAX_TOKENS);
  const share = options.getNumber('claude.thinking_adapter_budget_tokens_percentage');
  const budget = Math.min(Math.max(Math.floor(maxTokens * share), MIN_THINKING_BUDGET), maxTokens - 1);
  body.max_tokens = maxTokens;
  body.thinking = { type: 'enabled', budget_tokens: budget };
  for (const name of SAMPLING_REFUSED_WITH_THINKING) delete body[name];
}

/**
 * The Claude body an Anthropic-model provider receives: max_tokens filled from claude.default_max_tokens
 * when absent (Claude requires it), and the thinking adapter — with claude.thinking_adapter_enabled, an
 * upstream model named `<model>-thinking` is called as `<model>` with extended thinking on, its budget
 * max_tokens × claude.thinking_adapter_budget_tokens_percentage. A caller's own `thinking` is kept.
 */
export function tuneClaudeBody(
  body: Readonly<Json>,
  upstreamModel: string,
  options: AdapterOptions,
): TunedClaudeBody {
  const thinking =
    options.getBoolean('claude.thinking_adapter_enabled') &&
    upstreamModel.endsWith(THINKING_SUFFIX) &&
    upstreamModel.length > THINKING_SUFFIX.length;
  const model = thinking ? upstreamModel.slice(0, -THINKING_SUFFIX.length) : upstreamModel;
  const tuned: Json = { ...body, model };
  if (!isPositiveInteger(tuned.max_tokens))
    tuned.max_tokens = defaultMaxTokens(options, [model, upstreamModel]);
  if (thinking && !isObject(body.thinking)) enableThinking(tuned, options);
  return { model, body: tuned };
}

/** claude.model_headers_settings for the model ({"anthropic-beta": ["a", "b"]} is sent as "a,b"). */
export function modelHeaders(options: AdapterOptions, model: string): Record<string, string> {
  const settings = options.getJson<unknown>('claude.model_headers_settings');
  const own = isObject(settings) ? settings[model] : undefined;
  if (!isObject(own)) return {};
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(own)) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value;
    else if (Array.isArray(value)) headers[name.toLowerCase()] = value.map(String).join(',');
  }
  return headers;
}

/** The channel's header_override, `{api_key}` replaced by the key in use. */
export function headerOverrides(channel: RoutedChannel, key: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(channel.headerOverride)) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value.replaceAll('{api_key}', key);
  }
  return headers;
}
