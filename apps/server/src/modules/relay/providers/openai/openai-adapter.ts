import { type OpenAiErrorBody } from '@tollgate/contracts';
import { type Usage } from '../../../billing/billing.types';
import {
  type BuiltRequest,
  type MappedUpstreamError,
  type ProviderAdapter,
  type UpstreamCall,
} from '../provider';
import { upstreamErrorBody } from './openai-errors';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** OpenAI's usage object (also the shape every OpenAI-compatible provider answers with). */
function toUsage(usage: unknown): Usage | null {
  if (!isObject(usage)) return null;
  const details = isObject(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  const promptTokens = count(usage.prompt_tokens);
  // Embeddings report only prompt and total tokens.
  const completionTokens = count(usage.completion_tokens);
  const cachedTokens = count(details.cached_tokens);
  return cachedTokens > 0
    ? { promptTokens, completionTokens, cachedTokens }
    : { promptTokens, completionTokens };
}

function choiceText(choice: unknown): string {
  if (!isObject(choice)) return '';
  const part = isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : choice;
  const text = part.content ?? part.text;
  return typeof text === 'string' ? text : '';
}

const choicesText = (answer: unknown): string =>
  isObject(answer) && Array.isArray(answer.choices) ? answer.choices.map(choiceText).join('') : '';

function headersOf(call: UpstreamCall): Record<string, string> {
  const { channel, key } = call.selection;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Bearer ${key}`,
  };
  if (channel.organization !== '') headers['openai-organization'] = channel.organization;
  for (const [name, value] of Object.entries(channel.headerOverride)) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value.replaceAll('{api_key}', key);
  }
  return headers;
}

function bodyOf(call: UpstreamCall): Json {
  const body: Json = { ...call.body, model: call.selection.upstreamModel };
  if (call.wantStreamUsage && body.stream === true) {
    const options = isObject(body.stream_options) ? body.stream_options : {};
    body.stream_options = { ...options, include_usage: true };
  }
  // param_override: the channel's top-level keys win over the caller's (reference §2.4).
  return { ...body, ...call.selection.channel.paramOverride };
}

/** The OpenAI protocol, used by every OpenAI-compatible channel type. */
export const OPENAI_ADAPTER: ProviderAdapter = {
  buildRequest(call: UpstreamCall): BuiltRequest {
    return {
      url: `${call.selection.channel.baseUrl}${call.endpoint}`,
      headers: headersOf(call),
      body: JSON.stringify(bodyOf(call)),
    };
  },
  usageOfJson: (answer) => (isObject(answer) ? toUsage(answer.usage) : null),
  usageOfEvent: (event) => (isObject(event) ? toUsage(event.usage) : null),
  textOfEvent: choicesText,
  textOfJson: choicesText,
  mapError(status: number, text: string, secrets: readonly string[]): MappedUpstreamError {
    const body: OpenAiErrorBody = upstreamErrorBody(status, text);
    return { body: redactBody(body, secrets) };
  },
};

function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => (secret === '' ? out : out.replaceAll(secret, '***')), text);
}

function redactBody(body: OpenAiErrorBody, secrets: readonly string[]): OpenAiErrorBody {
  const { error } = body;
  return {
    error: {
      message: redact(error.message, secrets),
      type: error.type,
      param: error.param === null ? null : redact(error.param, secrets),
      code: error.code === null ? null : redact(error.code, secrets),
    },
  };
}
