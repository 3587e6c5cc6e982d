import { type Usage } from '../../../billing/billing.types';
import { type Json } from '../protocol';
import { countOf, isObject, objectOr } from './claude-json';

// Claude's input_tokens EXCLUDES cache reads and cache writes; OpenAI's prompt_tokens and our Usage include them.

/** Claude usage → our billing Usage. */
export function billingUsageOf(usage: Json): Usage {
  const cachedTokens = countOf(usage.cache_read_input_tokens);
  const cacheCreationTokens = countOf(usage.cache_creation_input_tokens);
  const billed: Usage = {
    promptTokens: countOf(usage.input_tokens) + cachedTokens + cacheCreationTokens,
    completionTokens: countOf(usage.output_tokens),
  };
  if (cachedTokens > 0) billed.cachedTokens = cachedTokens;
  if (cacheCreationTokens > 0) billed.cacheCreationTokens = cacheCreationTokens;
  return billed;
}

/**
 * Claude usage → OpenAI usage. `prompt_tokens_details.cache_creation_tokens` is ours (OpenAI has no cache
 * writes): it keeps Claude's cache-creation count so billing can apply cacheCreationRatio after a conversion.
 */
export function pivotUsageOf(usage: Json): Json {
  const { promptTokens, completionTokens, cachedTokens = 0, cacheCreationTokens = 0 } = billingUsageOf(usage);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: cachedTokens, cache_creation_tokens: cacheCreationTokens },
  };
}

/** OpenAI usage (with our cache_creation_tokens, if any) → Claude usage. */
export function claudeUsageOf(usage: Json): Json {
  const details = objectOr(usage.prompt_tokens_details);
  const read = countOf(details.cached_tokens);
  const creation = countOf(details.cache_creation_tokens);
  return {
    input_tokens: Math.max(countOf(usage.prompt_tokens) - read - creation, 0),
    output_tokens: countOf(usage.completion_tokens),
    cache_read_input_tokens: read,
    cache_creation_input_tokens: creation,
  };
}

/**
 * A stream event's usage when it reports any count; null when absent, empty or all null (a proxy that strips
 * usage). Billing then counts the text itself instead of charging zero tokens.
 */
export function reportedUsage(value: unknown): Json | null {
  if (!isObject(value)) return null;
  return Object.values(value).some((count) => typeof count === 'number') ? value : null;
}

/**
 * message_delta usage over message_start's: output_tokens is always the running total; the other counters are
 * whole-message totals sent only when they apply (null or absent otherwise), so they overwrite, never add.
 */
export function mergeUsage(base: Json, update: Json): Json {
  const merged = { ...base };
  for (const [name, value] of Object.entries(update)) {
    if (typeof value === 'number') merged[name] = value;
  }
  return merged;
}
