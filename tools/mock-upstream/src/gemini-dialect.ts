// Google's rules for the Gemini API: an API key in `x-goog-api-key` or `?key=` (keys starting "bad-" are
// invalid); errors as {error:{code, message, status}}. Vertex shares the error shape.
import { headerText, type Dialect, type Refusal } from './dialect';

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const MESSAGES: Record<number, string> = {
  404: 'Requested entity was not found.',
  429: 'Resource has been exhausted (e.g. check quota).',
  500: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  503: 'The model is overloaded. Please try again later.',
};

export const BAD_KEY_PREFIX = 'bad-';
const NO_KEY =
  "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.";
const BAD_KEY = 'API key not valid. Please pass a valid API key.';

export function googleStatusName(status: number): string {
  return STATUS_NAMES[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
}

export function googleError(status: number, message?: string, details?: unknown[]): Refusal {
  const error: Record<string, unknown> = {
    code: status,
    message: message ?? MESSAGES[status] ?? `Mock upstream error ${status}.`,
    status: googleStatusName(status),
  };
  if (details !== undefined) error.details = details;
  return { status, body: { error } };
}

export const GEMINI_DIALECT: Dialect = {
  authenticate(req) {
    const key = headerText(req.headers, 'x-goog-api-key') ?? req.query.get('key') ?? '';
    if (key.trim() === '') return googleError(403, NO_KEY);
    if (!key.startsWith(BAD_KEY_PREFIX)) return null;
    return googleError(400, BAD_KEY, [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
        metadata: { service: 'generativelanguage.googleapis.com' },
      },
    ]);
  },
  invalidRequest: (message) => googleError(400, message),
  statusError: (status) => googleError(status),
};
