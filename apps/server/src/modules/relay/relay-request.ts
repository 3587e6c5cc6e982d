import { countTokens } from 'gpt-tokenizer';
import { relayError } from './relay-errors';
import { type RelayEndpoint } from './providers/provider';

type Json = Record<string, unknown>;

/** A caller's body, checked enough to price and route it. */
export interface RelayRequest {
  endpoint: RelayEndpoint;
  body: Readonly<Json>;
  model: string;
  stream: boolean;
  /** The caller asked for the final usage chunk itself (so it is not dropped from what it receives). */
  callerWantsUsage: boolean;
  /** Prompt tokens counted locally: the reservation's estimate and the fallback when upstream omits usage. */
  promptTokens: number;
  maxTokens: number | null;
}

// The field each endpoint cannot do without (reference §1.5 invalid_text_request).
const REQUIRED_FIELD: Record<RelayEndpoint, string> = {
  '/v1/chat/completions': 'messages',
  '/v1/completions': 'prompt',
  '/v1/embeddings': 'input',
};

// OpenAI's chat framing: a few tokens per message plus the reply primer (the mock follows the same rule).
const TOKENS_PER_MESSAGE = 3;
const REPLY_PRIMER_TOKENS = 3;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Local count with a maintained tokenizer (cl100k/o200k family); never a home-made rule. */
export const countText = (text: string): number => (text === '' ? 0 : countTokens(text));

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join(' ');
}

function promptTokensOf(endpoint: RelayEndpoint, body: Json): number {
  if (endpoint === '/v1/chat/completions') {
    const messages = body.messages as unknown[];
    return messages.reduce<number>(
      (sum, message) =>
        sum + TOKENS_PER_MESSAGE + countText(isObject(message) ? contentText(message.content) : ''),
      REPLY_PRIMER_TOKENS,
    );
  }
  const input = endpoint === '/v1/completions' ? body.prompt : body.input;
  const items = Array.isArray(input) ? input : [input];
  return items.reduce<number>(
    (sum, item) => sum + (typeof item === 'string' ? countText(item) : Array.isArray(item) ? item.length : 0),
    0,
  );
}

function maxTokensOf(body: Json): number | null {
  const value = body.max_completion_tokens ?? body.max_tokens;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** Checks the body (400 invalid_text_request) and reads what pricing and routing need. */
export function parseRelayRequest(endpoint: RelayEndpoint, body: unknown): RelayRequest {
  if (!isObject(body)) throw relayError('invalid_text_request', { detail: 'the body is not a JSON object' });
  if (typeof body.model !== 'string' || body.model === '')
    throw relayError('invalid_text_request', { detail: 'model is required' });
  const field = REQUIRED_FIELD[endpoint];
  const value = body[field];
  const missing = value === undefined || value === null || (Array.isArray(value) && value.length === 0);
  if (missing || (field === 'messages' && !Array.isArray(value)))
    throw relayError('invalid_text_request', { detail: `${field} is required` });
  const stream = endpoint !== '/v1/embeddings' && body.stream === true;
  const options = isObject(body.stream_options) ? body.stream_options : {};
  return {
    endpoint,
    body,
    model: body.model,
    stream,
    callerWantsUsage: stream && options.include_usage === true,
    promptTokens: promptTokensOf(endpoint, body),
    maxTokens: maxTokensOf(body),
  };
}
