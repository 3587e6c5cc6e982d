import { upstreamError } from './upstream-request';

describe('upstreamError', () => {
  it('passes an OpenAI error through without the keys, and shapes any other body as upstream_error', () => {
    const openAi = JSON.stringify({
      error: { message: 'bad key sk-secret-1', type: 'x', code: 'invalid_api_key' },
    });
    expect(upstreamError('openai', 401, openAi, ['sk-secret-1']).error).toEqual({
      message: 'bad key ***',
      type: 'x',
      param: null,
      code: 'invalid_api_key',
    });
    expect(upstreamError('openai', 502, '{"msg":"gateway down"}', []).error).toEqual({
      message: 'gateway down',
      type: 'upstream_error',
      param: '502',
      code: 'bad_response_status_code',
    });
    expect(upstreamError('openai', 500, '<html>', []).error.message).toBe('bad response status code 500');
  });
});
