import { codecFor } from '../protocols/codecs';
import { type Json, type Protocol } from '../protocols/protocol';
import { relayError } from '../errors/relay-errors';
import { parseRelayRequest, type RelayRequest } from './relay-request';
import { outputTokenCap } from './endpoints';
import { chatPromptTokens, isObject } from './prompt-tokens';

/** What the route of a native call tells: Gemini puts the model and streaming in the URL. */
export interface NativeRoute {
  protocol: Exclude<Protocol, 'openai'>;
  path: string;
  model?: string;
  stream?: boolean;
  /** Gemini streams asked for without `alt=sse` are one JSON array written as it grows. */
  jsonArray?: boolean;
  /** Gemini embeddings: `embedContent` (one) or `batchEmbedContents`, relayed as OpenAI embeddings. */
  embeddings?: 'one' | 'batch';
}

const invalid = (detail: string) => relayError('invalid_text_request', { detail });

function claudeShape(body: Record<string, unknown>): { model: string; stream: boolean } {
  if (typeof body.model !== 'string' || body.model === '') throw invalid('model is required');
  if (!Array.isArray(body.messages) || body.messages.length === 0) throw invalid('messages is required');
  return { model: body.model, stream: body.stream === true };
}

function geminiShape(body: Record<string, unknown>, route: NativeRoute): { model: string; stream: boolean } {
  if (!route.model) throw invalid('model is required');
  if (!Array.isArray(body.contents) || body.contents.length === 0) throw invalid('contents is required');
  return { model: route.model, stream: route.stream === true };
}

function maxTokensOf(protocol: NativeRoute['protocol'], body: Record<string, unknown>): number | null {
  if (protocol === 'claude') return outputTokenCap(body.max_tokens, 'max_tokens');
  const config = isObject(body.generationConfig) ? body.generationConfig : {};
  return outputTokenCap(config.maxOutputTokens, 'generationConfig.maxOutputTokens');
}

/**
 * An Anthropic Messages or Gemini generateContent call: a chat call priced and routed like an OpenAI one.
 * The prompt is counted on its OpenAI form, so every protocol reserves alike.
 */
export function parseNativeRequest(route: NativeRoute, payload: unknown): RelayRequest {
  if (!isObject(payload)) throw invalid('the body is not a JSON object');
  if (route.embeddings) return parseGeminiEmbeddings(route, route.embeddings, payload);
  const { model, stream } = route.protocol === 'claude' ? claudeShape(payload) : geminiShape(payload, route);
  const pivot = codecFor(route.protocol).requestToPivot(payload, model, stream);
  if (!Array.isArray(pivot.messages)) throw invalid('messages is required');
  let promptTokens: number | undefined;
  return {
    inbound: route.protocol,
    endpoint: '/v1/chat/completions',
    path: route.path,
    body: payload,
    upload: null,
    model,
    stream,
    answer: !stream ? 'json' : route.jsonArray ? 'json-array' : 'sse',
    callerWantsUsage: true,
    // Counted on first read (see RelayRequest.promptTokens).
    get promptTokens() {
      return (promptTokens ??= chatPromptTokens(pivot));
    },
    maxTokens: maxTokensOf(route.protocol, payload),
    imageOrder: null,
    reshapeAnswer: null,
  };
}

/**
 * Gemini's countTokens, answered by the gateway (free, like the provider's): the prompt counted on its OpenAI
 * form as reservations count it. The body is `{contents}` or `{generateContentRequest: {contents, …}}`.
 */
export function geminiPromptTokens(model: string, payload: unknown): number {
  if (!isObject(payload)) throw invalid('the body is not a JSON object');
  const request = isObject(payload.generateContentRequest) ? payload.generateContentRequest : payload;
  if (!Array.isArray(request.contents) || request.contents.length === 0)
    throw invalid('contents is required');
  const pivot = codecFor('gemini').requestToPivot(request, model, false);
  return chatPromptTokens(pivot);
}

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
