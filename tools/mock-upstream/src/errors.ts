// Error bodies in OpenAI's shape, so SDK clients and the gateway's error mapping see real-looking failures.
export interface OpenAiError {
  error: { message: string; type: string; param: string | null; code: string | null };
}

const KNOWN: Record<number, [message: string, type: string, code: string | null]> = {
  400: ['Bad request (mock upstream).', 'invalid_request_error', null],
  401: [
    'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
    'invalid_request_error',
    'invalid_api_key',
  ],
  403: ['You are not allowed to sample from this model (mock upstream).', 'invalid_request_error', null],
  404: [
    'The model does not exist or you do not have access to it.',
    'invalid_request_error',
    'model_not_found',
  ],
  429: [
    'Rate limit reached for requests (mock upstream). Please try again in 1s.',
    'requests',
    'rate_limit_exceeded',
  ],
  500: ['The server had an error while processing your request. Sorry about that!', 'server_error', null],
  502: ['Bad gateway (mock upstream).', 'server_error', null],
  503: ['The engine is currently overloaded, please try again later.', 'server_error', null],
};

export function statusError(status: number): OpenAiError {
  const [message, type, code] = KNOWN[status] ?? [`Mock upstream error ${status}.`, 'server_error', null];
  return { error: { message, type, param: null, code } };
}

export function invalidRequest(
  message: string,
  param: string | null = null,
  code: string | null = null,
): OpenAiError {
  return { error: { message, type: 'invalid_request_error', param, code } };
}
