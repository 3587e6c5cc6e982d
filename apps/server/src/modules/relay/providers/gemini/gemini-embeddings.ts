import { type Selection } from '../../routing/channel-selector';
import { type Json } from '../../protocols/protocol';
import { countTexts } from '../../requests/relay-request';
import { type BuiltRequest } from '../provider';
import { geminiHeaders, modelPath } from './gemini-adapter';

const DEFAULT_VERSION = 'v1beta';

/** The texts of an OpenAI embeddings `input` (Gemini embeds text only; token arrays are not accepted). */
export function embeddingTexts(input: unknown): string[] {
  if (typeof input === 'string') return [input];
  return Array.isArray(input) ? input.filter((item): item is string => typeof item === 'string') : [];
}

/** An OpenAI embeddings body → one batchEmbedContents call (one request per input text). */
export function buildEmbedding(selection: Selection, body: Readonly<Json>): BuiltRequest {
  const { channel, upstreamModel } = selection;
  const version = channel.other.trim() || DEFAULT_VERSION;
  const dimensions = typeof body.dimensions === 'number' ? body.dimensions : undefined;
  const requests = embeddingTexts(body.input).map((text) => ({
    model: modelPath(upstreamModel),
    content: { parts: [{ text }] },
    ...(dimensions === undefined ? {} : { outputDimensionality: dimensions }),
  }));
  return {
    url: `${channel.baseUrl}/${version}/${modelPath(upstreamModel)}:batchEmbedContents`,
    headers: geminiHeaders(selection),
    body: JSON.stringify({ requests }),
  };
}

/**
 * A batchEmbedContents answer → OpenAI's embeddings list. Gemini reports no token counts, so the input
 * is counted locally (the same tokenizer the relay uses for its estimates).
 */
export function embeddingAnswerToOpenAi(answer: unknown, model: string, input: unknown): Json {
  const embeddings = (answer as { embeddings?: unknown } | null)?.embeddings;
  const data = (Array.isArray(embeddings) ? embeddings : []).map((embedding, index) => ({
    object: 'embedding',
    index,
    embedding: (embedding as { values?: unknown } | null)?.values ?? [],
  }));
  const promptTokens = countTexts(embeddingTexts(input));
  return { object: 'list', data, model, usage: { prompt_tokens: promptTokens, total_tokens: promptTokens } };
}
