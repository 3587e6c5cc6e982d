import Anthropic, { type APIError } from '@anthropic-ai/sdk';
import { type OpenAiErrorBody } from '@tollgate/contracts';
import { CLAUDE_CODEC } from './claude-codec';

const openAiError = (message: string): OpenAiErrorBody => ({
  error: { message, type: 'upstream_error', param: null, code: null },
});

/** What @anthropic-ai/sdk raises for a gateway answer with this status and body. */
async function sdkErrorFor(status: number, body: unknown): Promise<unknown> {
  const client = new Anthropic({
    apiKey: 'k',
    baseURL: 'http://sdk.test',
    maxRetries: 0,
    fetch: () =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      ),
  });
  return client.messages
    .create({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] })
    .then(
      () => null,
      (error: unknown) => error,
    );
}

describe('CLAUDE_CODEC errors', () => {
  it("turns Claude's error body into the OpenAI shape, its type also as code", () => {
    const text = JSON.stringify({
      type: 'error',
      error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your rate limit' },
    });
    expect(CLAUDE_CODEC.errorToPivot(429, text)).toEqual({
      error: {
        message: 'Number of request tokens has exceeded your rate limit',
        type: 'rate_limit_error',
        param: null,
        code: 'rate_limit_error',
      },
    });
  });

  it('reads other shapes (Bedrock `{message}`, HTML) as any upstream error', () => {
    const bedrock = '{"message":"The security token included in the request is invalid."}';
    expect(CLAUDE_CODEC.errorToPivot(403, bedrock)).toEqual({
      error: {
        message: 'The security token included in the request is invalid.',
        type: 'upstream_error',
        param: '403',
        code: 'bad_response_status_code',
      },
    });
    expect(CLAUDE_CODEC.errorToPivot(502, '<html>').error.message).toBe('bad response status code 502');
  });

  it.each([
    [400, 'invalid_request_error', Anthropic.BadRequestError],
    [401, 'authentication_error', Anthropic.AuthenticationError],
    [403, 'permission_error', Anthropic.PermissionDeniedError],
    [404, 'not_found_error', Anthropic.NotFoundError],
    [413, 'request_too_large', Anthropic.APIError],
    [429, 'rate_limit_error', Anthropic.RateLimitError],
    [500, 'api_error', Anthropic.InternalServerError],
    [503, 'api_error', Anthropic.InternalServerError],
    [529, 'overloaded_error', Anthropic.InternalServerError],
  ])(
    'answers a %i as Claude type %s, which the SDK raises as its typed error',
    async (status, type, raised) => {
      const body = CLAUDE_CODEC.errorFromPivot(status, openAiError('no luck (request id: abc)'));
      expect(body).toEqual({ type: 'error', error: { type, message: 'no luck (request id: abc)' } });
      const error = await sdkErrorFor(status, body);
      expect(error).toBeInstanceOf(raised);
      expect((error as APIError).error).toEqual(body);
    },
  );

  it('round trips a Claude error through the pivot', () => {
    const claude = { type: 'error', error: { type: 'permission_error', message: 'Not allowed' } };
    const pivot = CLAUDE_CODEC.errorToPivot(403, JSON.stringify(claude));
    expect(CLAUDE_CODEC.errorFromPivot(403, pivot)).toEqual(claude);
  });
});
