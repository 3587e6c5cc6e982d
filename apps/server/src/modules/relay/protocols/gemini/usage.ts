import { type Usage } from '../../../billing/billing.types';
import { type Json } from '../protocol';
import { compact, isObject, numberOf } from './gemini-values';

interface GeminiCounts {
  prompt: number;
  candidates: number;
  thoughts: number;
  cached: number;
  total: number;
}

const count = (value: unknown): number => numberOf(value) ?? 0;

function countsOf(metadata: unknown): GeminiCounts | null {
  // An empty usageMetadata says nothing; it must not replace figures already seen in a stream.
  if (!isObject(metadata) || numberOf(metadata.promptTokenCount ?? metadata.totalTokenCount) === undefined) {
    return null;
  }
  // Prompts of built-in tools (search grounding) are billed as input, like the prompt itself.
  const prompt = count(metadata.promptTokenCount) + count(metadata.toolUsePromptTokenCount);
  const candidates = count(metadata.candidatesTokenCount);
  const thoughts = count(metadata.thoughtsTokenCount);
  const total = numberOf(metadata.totalTokenCount) ?? prompt + candidates + thoughts;
  return { prompt, candidates, thoughts, cached: count(metadata.cachedContentTokenCount), total };
}

/** Billing usage of a Gemini usageMetadata: thinking is billed as output; the prompt includes cached tokens. */
export function usageOfMetadata(metadata: unknown): Usage | null {
  const counts = countsOf(metadata);
  if (!counts) return null;
  const usage: Usage = { promptTokens: counts.prompt, completionTokens: counts.candidates + counts.thoughts };
  if (counts.cached > 0) usage.cachedTokens = counts.cached;
  return usage;
}

/** usageMetadata → OpenAI's usage object. */
export function pivotUsageOf(metadata: unknown): Json | null {
  const counts = countsOf(metadata);
  if (!counts) return null;
  return {
    prompt_tokens: counts.prompt,
    completion_tokens: counts.candidates + counts.thoughts,
    total_tokens: counts.total,
    prompt_tokens_details: { cached_tokens: counts.cached },
    completion_tokens_details: { reasoning_tokens: counts.thoughts },
  };
}

/** OpenAI's usage object → usageMetadata (reasoning tokens become thoughtsTokenCount). */
export function metadataOfPivot(usage: unknown): Json | null {
  if (!isObject(usage)) return null;
  const prompt = count(usage.prompt_tokens);
  const completion = count(usage.completion_tokens);
  const details = isObject(usage.completion_tokens_details) ? usage.completion_tokens_details : {};
  const promptDetails = isObject(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  const thoughts = Math.min(count(details.reasoning_tokens), completion);
  const cached = count(promptDetails.cached_tokens);
  return compact({
    promptTokenCount: prompt,
    candidatesTokenCount: completion - thoughts,
    totalTokenCount: numberOf(usage.total_tokens) ?? prompt + completion,
    thoughtsTokenCount: thoughts > 0 ? thoughts : undefined,
    cachedContentTokenCount: cached > 0 ? cached : undefined,
  });
}
