import { GEMINI_CODEC } from './gemini-codec';

describe('Gemini errors', () => {
  it('reads Google error bodies (plain or in an array) into the OpenAI shape with the status as code', () => {
    const body = { error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } };
    expect(GEMINI_CODEC.errorToPivot(400, JSON.stringify(body))).toEqual({
      error: { message: 'API key not valid.', type: 'upstream_error', param: null, code: 'INVALID_ARGUMENT' },
    });
    expect(
      GEMINI_CODEC.errorToPivot(429, JSON.stringify([{ error: { code: 429, message: 'Quota' } }])).error,
    ).toEqual({ message: 'Quota', type: 'upstream_error', param: null, code: 'RESOURCE_EXHAUSTED' });
  });

  it('reads any other body like an upstream error', () => {
    expect(GEMINI_CODEC.errorToPivot(502, '<html>Bad Gateway</html>').error).toEqual({
      message: 'bad response status code 502',
      type: 'upstream_error',
      param: '502',
      code: 'bad_response_status_code',
    });
  });

  it.each([
    [400, 'INVALID_ARGUMENT'],
    [401, 'UNAUTHENTICATED'],
    [403, 'PERMISSION_DENIED'],
    [404, 'NOT_FOUND'],
    [429, 'RESOURCE_EXHAUSTED'],
    [500, 'INTERNAL'],
    [503, 'UNAVAILABLE'],
    [413, 'FAILED_PRECONDITION'],
    [502, 'INTERNAL'],
  ])('answers a Gemini caller with HTTP %i as status %s', (status, name) => {
    const pivot = {
      error: { message: 'no (request id: 1)', type: 'gateway_error', param: null, code: null },
    };
    expect(GEMINI_CODEC.errorFromPivot(status, pivot)).toEqual({
      error: { code: status, message: 'no (request id: 1)', status: name },
    });
  });

  it('round-trips a Google error through the OpenAI shape', () => {
    const google = { error: { code: 403, message: 'Permission denied.', status: 'PERMISSION_DENIED' } };
    const pivot = GEMINI_CODEC.errorToPivot(403, JSON.stringify(google));
    expect(GEMINI_CODEC.errorFromPivot(403, pivot)).toEqual(google);
  });
});
