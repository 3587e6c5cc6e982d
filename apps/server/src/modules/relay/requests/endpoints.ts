import { type RelayEndpoint } from '../protocols/protocol';
import { relayError } from '../errors/relay-errors';
import {
  chatPromptTokens,
  countText,
  inputItemsTokens,
  moderationTokens,
  responsesPromptTokens,
  speechCharacters,
} from './prompt-tokens';

type Json = Record<string, unknown>;

/**
 * How a non-stream answer travels back: `json` read whole (usage from it), `bytes` forwarded unread as it
 * arrives (speech audio), `transcript` read whole and sent with the provider's content type (json, text,
 * srt, vtt). Streams are `sse`: forwarded as they arrive, usage read from their events; `json-array` is
 * Gemini's stream without `alt=sse`: the same events written as the elements of one JSON array.
 */
export type AnswerKind = 'json' | 'sse' | 'json-array' | 'bytes' | 'transcript';

/** What the relay needs to know about one OpenAI endpoint. */
export interface EndpointSpec {
  /** The field the call cannot do without (reference §1.5 invalid_text_request); null = none. */
  required: 'messages' | 'prompt' | 'input' | 'file' | null;
  /** Reference §1.1: the model used when the caller names none; null = the caller must name one. */
  defaultModel: string | null;
  /** Honours `stream: true` with a server-sent event stream. */
  streams: boolean;
  answer: Exclude<AnswerKind, 'sse' | 'json-array'>;
  /** Prompt tokens counted locally: the reservation's estimate and the fallback when upstream omits usage. */
  promptTokens(body: Json): number;
  /** The caller's cap on generated tokens; 0 = the call generates none (speech); null = unknown. */
  maxTokens(body: Json): number | null;
}

// Beyond any model's reach; a larger cap (2^63 …) would overflow the reservation's arithmetic.
const MAX_OUTPUT_TOKENS = 2_147_483_647;

/**
 * A caller's cap on generated tokens: null when absent or not a positive integer (the provider judges those),
 * refused (400) when no model could reach it.
 */
export function outputTokenCap(value: unknown, field: string): number | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) return null;
  if (value > MAX_OUTPUT_TOKENS)
    throw relayError('invalid_text_request', { detail: `${field} must be at most ${MAX_OUTPUT_TOKENS}` });
  return value;
}

const noCap = (): null => null;

export const ENDPOINTS: Readonly<Record<RelayEndpoint, EndpointSpec>> = {
  '/v1/chat/completions': {
    required: 'messages',
    defaultModel: null,
    streams: true,
    answer: 'json',
    promptTokens: chatPromptTokens,
    maxTokens: (body) =>
      outputTokenCap(body.max_completion_tokens, 'max_completion_tokens') ??
      outputTokenCap(body.max_tokens, 'max_tokens'),
  },
  '/v1/completions': {
    required: 'prompt',
    defaultModel: null,
    streams: true,
    answer: 'json',
    promptTokens: (body) => inputItemsTokens(body.prompt),
    maxTokens: (body) => outputTokenCap(body.max_tokens, 'max_tokens'),
  },
  '/v1/embeddings': {
    required: 'input',
    defaultModel: null,
    streams: false,
    answer: 'json',
    promptTokens: (body) => inputItemsTokens(body.input),
    maxTokens: noCap,
  },
  '/v1/moderations': {
    required: 'input',
    defaultModel: 'text-moderation-stable',
    streams: false,
    answer: 'json',
    promptTokens: (body) => moderationTokens(body.input),
    maxTokens: noCap,
  },
  '/v1/images/generations': {
    required: 'prompt',
    defaultModel: 'dall-e',
    streams: false,
    answer: 'json',
    promptTokens: (body) => countText(typeof body.prompt === 'string' ? body.prompt : ''),
    maxTokens: noCap,
  },
  '/v1/audio/speech': {
    required: 'input',
    defaultModel: 'tts-1',
    streams: false,
    answer: 'bytes',
    promptTokens: (body) => speechCharacters(body.input),
    maxTokens: () => 0,
  },
  '/v1/audio/transcriptions': {
    required: 'file',
    defaultModel: 'whisper-1',
    streams: false,
    answer: 'transcript',
    // The audio's length is only known from the answer.
    promptTokens: () => 0,
    maxTokens: noCap,
  },
  '/v1/audio/translations': {
    required: 'file',
    defaultModel: 'whisper-1',
    streams: false,
    answer: 'transcript',
    promptTokens: () => 0,
    maxTokens: noCap,
  },
  '/v1/responses': {
    // `input` may be left out when a stored prompt or a previous response supplies it.
    required: null,
    defaultModel: null,
    streams: true,
    answer: 'json',
    promptTokens: responsesPromptTokens,
    maxTokens: (body) => outputTokenCap(body.max_output_tokens, 'max_output_tokens'),
  },
};
