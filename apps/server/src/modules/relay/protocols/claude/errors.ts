import { type OpenAiErrorBody } from '@tollgate/contracts';
import { upstreamErrorBody } from '../openai/openai-errors';
import { type Json } from '../protocol';
import { isObject, stringOr } from './claude-json';

// Anthropic's error types by HTTP status; @anthropic-ai/sdk picks its typed error from the status.
const TYPE_OF_STATUS = new Map<number, string>([
  [400, 'invalid_request_error'],
  [401, 'authentication_error'],
  [402, 'billing_error'],
  [403, 'permission_error'],
  [404, 'not_found_error'],
  [413, 'request_too_large'],
  [429, 'rate_limit_error'],
  [500, 'api_error'],
  [504, 'timeout_error'],
  [529, 'overloaded_error'],
]);

export function claudeErrorTypeOf(status: number): string {
  return TYPE_OF_STATUS.get(status) ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** `{"type":"error","error":{type,message}}` → the OpenAI shape; null when the body is not Claude's error. */
export function pivotErrorOf(body: unknown): OpenAiErrorBody | null {
  if (!isObject(body) || body.type !== 'error' || !isObject(body.error)) return null;
  const type = stringOr(body.error.type, 'api_error');
  return { error: { message: stringOr(body.error.message), type, param: null, code: type } };
}

/** A provider's non-2xx body → OpenAI's shape; other shapes (Bedrock's `{message}`) as any upstream error. */
export function claudeErrorToPivot(status: number, text: string): OpenAiErrorBody {
  return pivotErrorOf(parse(text)) ?? upstreamErrorBody(status, text);
}

/** The body a Claude caller receives for an OpenAI-shaped error with this status. */
export function claudeErrorFromPivot(status: number, body: OpenAiErrorBody): Json {
  return { type: 'error', error: { type: claudeErrorTypeOf(status), message: body.error.message } };
}
