import { type Json } from '../protocols/protocol';
import { relayError } from '../relay-errors';
import { parseRelayRequest, type RelayRequest } from '../relay-request';
import { type NativeRoute } from './native-requests';
import { isObject } from './prompt-tokens';

const invalid = (detail: string) => relayError('invalid_text_request', { detail });

/** The text of one Gemini `content` (its text parts, joined); Gemini embeds text only. */
function textOf(content: unknown): string {
  const parts = isObject(content) && Array.isArray(content.parts) ? content.parts : [];
  return parts.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

/**
 * Gemini's `embedContent` (`{content, outputDimensionality?}`) or `batchEmbedContents` (`{requests: [...]}`)
 * as an OpenAI embeddings call: routed, priced and billed like one on any channel that embeds, and answered
 * in Gemini's shape.
 */
export function parseGeminiEmbeddings(
  route: NativeRoute,
  kind: 'one' | 'batch',
  payload: Json,
): RelayRequest {
  if (!route.model) throw invalid('model is required');
  const items = kind === 'batch' ? (Array.isArray(payload.requests) ? payload.requests : []) : [payload];
  const input = items.map((item) => textOf(isObject(item) ? item.content : null));
  if (input.length === 0 || input.includes('')) throw invalid('content is required');
  const first = items[0] as Json;
  const dimensions = first.outputDimensionality;
  const pivot: Json = { model: route.model, input };
  if (typeof dimensions === 'number' && Number.isInteger(dimensions) && dimensions > 0)
    pivot.dimensions = dimensions;
  const request = parseRelayRequest('/v1/embeddings', pivot);
  request.path = route.path;
  request.reshapeAnswer = (answer) => geminiEmbeddingAnswer(answer, kind);
  return request;
}

/** OpenAI's embeddings list → `{embedding}` or `{embeddings: [...]}`, vectors in input order. */
function geminiEmbeddingAnswer(answer: Json, kind: 'one' | 'batch'): Json {
  const data = Array.isArray(answer.data) ? answer.data : [];
  const embeddings = data
    .filter(isObject)
    .sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0))
    .map((item) => ({ values: Array.isArray(item.embedding) ? item.embedding : [] }));
  return kind === 'batch' ? { embeddings } : { embedding: embeddings[0] ?? { values: [] } };
}
