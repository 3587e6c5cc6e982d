import { type OpenAiErrorBody } from '@tollgate/contracts';
import { upstreamErrorBody } from '../openai/openai-errors';
import { type Json } from '../protocol';
import { isObject, numberOf, objectOf, parseLoose, stringOf } from './gemini-values';

// google.rpc status names by HTTP status (the pairs Google's APIs answer with).
const STATUS_NAMES = new Map<number, string>([
  [400, 'INVALID_ARGUMENT'],
  [401, 'UNAUTHENTICATED'],
  [403, 'PERMISSION_DENIED'],
  [404, 'NOT_FOUND'],
  [409, 'ABORTED'],
  [429, 'RESOURCE_EXHAUSTED'],
  [499, 'CANCELLED'],
  [500, 'INTERNAL'],
  [501, 'UNIMPLEMENTED'],
  [503, 'UNAVAILABLE'],
  [504, 'DEADLINE_EXCEEDED'],
]);

export const googleStatusOf = (status: number): string =>
  STATUS_NAMES.get(status) ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');

/** `{"error":{code,message,status}}` (or a one-element array of it, as streams send) → OpenAI's shape; null otherwise. */
export function geminiErrorToPivot(body: unknown, status: number): OpenAiErrorBody | null {
  const wrapper = Array.isArray(body) ? objectOf(body[0]) : objectOf(body);
  if (!isObject(wrapper.error)) return null;
  const error = wrapper.error;
  const message = stringOf(error.message);
  if (message === undefined) return null;
  const code = stringOf(error.status) ?? googleStatusOf(numberOf(error.code) ?? status);
  return { error: { message, type: 'upstream_error', param: null, code } };
}

/** A Gemini non-2xx body → OpenAI's shape; any other body is read like any upstream error. */
export function errorToPivot(status: number, text: string): OpenAiErrorBody {
  return geminiErrorToPivot(parseLoose(text), status) ?? upstreamErrorBody(status, text);
}

/** What a Gemini caller (@google/genai) receives for an OpenAI-shaped error with this HTTP status. */
export function errorFromPivot(status: number, body: OpenAiErrorBody): Json {
  return { error: { code: status, message: body.error.message, status: googleStatusOf(status) } };
}
