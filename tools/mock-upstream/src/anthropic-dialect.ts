// Anthropic's rules: a key in `x-api-key` or `Authorization: Bearer` (the official SDK 1.x sends the
// latter), keys starting "bad-" refused, an `anthropic-version` header of any value; errors as
// {type:'error', error:{type, message}}.
import { headerText, type Dialect, type Refusal } from './dialect';

export const BAD_KEY_PREFIX = 'bad-';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const MESSAGES: Record<string, string> = {
  authentication_error: 'invalid x-api-key',
  permission_error: 'Your API key does not have permission to use the specified resource.',
  not_found_error: 'The requested resource could not be found.',
  request_too_large: 'Request exceeds the maximum allowed number of bytes.',
  rate_limit_error: 'Number of request tokens has exceeded your per-minute rate limit (mock upstream).',
  api_error: 'Internal server error',
  overloaded_error: 'Overloaded',
  invalid_request_error: 'Bad request (mock upstream).',
};

export function anthropicErrorType(status: number): string {
  return ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

export function anthropicError(status: number, message?: string): Refusal {
  const type = anthropicErrorType(status);
  return { status, body: { type: 'error', error: { type, message: message ?? MESSAGES[type] } } };
}

function bearerOf(authorization: string | undefined): string | undefined {
  return authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
}

export const ANTHROPIC_DIALECT: Dialect = {
  authenticate(req) {
    const key = headerText(req.headers, 'x-api-key') ?? bearerOf(headerText(req.headers, 'authorization'));
    if (key === undefined || key.trim() === '') return anthropicError(401, 'x-api-key header is required');
    if (key.startsWith(BAD_KEY_PREFIX)) return anthropicError(401, 'invalid x-api-key');
    if (headerText(req.headers, 'anthropic-version') === undefined)
      return anthropicError(400, 'anthropic-version: header is required');
    return null;
  },
  invalidRequest: (message) => anthropicError(400, message),
  statusError: (status) => anthropicError(status),
};
