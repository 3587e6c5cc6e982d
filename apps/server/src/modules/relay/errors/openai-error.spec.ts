import { NotFoundException } from '@nestjs/common';
import { AppError } from '../../../common/errors/app-error';
import { isOpenAiPath, openAiErrorAnswer } from './openai-error';
import { relayError, type RelayErrorCode } from './relay-errors';

const request = { method: 'GET', url: '/v1/x?y=1' };
const answer = (exception: unknown) => openAiErrorAnswer(exception, request, 'en', 'rid');

describe('OpenAI error answers', () => {
  it('uses the status of reference §1.5 for every situation', () => {
    const table: Array<[RelayErrorCode, number]> = [
      ['invalid_api_key', 401],
      ['token_expired', 401],
      ['token_exhausted', 401],
      ['token_disabled', 401],
      ['user_banned', 403],
      ['access_denied', 403],
      ['model_not_allowed', 403],
      ['group_not_usable', 403],
      ['insufficient_user_quota', 403],
      ['pre_consume_token_quota_failed', 403],
      ['model_price_error', 403],
      ['no_available_channel', 503],
      ['rate_limit_exceeded', 429],
      ['invalid_text_request', 400],
    ];
    for (const [code, status] of table) {
      const { status: actual, body } = answer(relayError(code));
      expect([code, actual]).toEqual([code, status]);
      expect(body.error.code).toBe(code);
      expect(body.error.param).toBeNull();
      expect(body.error.message).toMatch(/ \(request id: rid\)$/);
    }
  });

  it('fills message parameters in the caller language', () => {
    const error = relayError('no_available_channel', { group: 'vip', model: 'gpt-4o' });
    expect(answer(error).body.error.message).toBe(
      'No available channel for model gpt-4o in group vip (request id: rid)',
    );
    expect(openAiErrorAnswer(error, request, 'zh', 'rid').body.error.message).toBe(
      '当前分组 vip 下对于模型 gpt-4o 无可用渠道 (request id: rid)',
    );
  });

  it("answers another module's domain error with its own text, at the relay status when the code is known", () => {
    // What billing throws: its own catalogue, a code of the relay table.
    const billing = new AppError(
      { kind: 'business', en: 'Quota short by {n}', zh: '额度不足 {n}' },
      'insufficient_user_quota',
      { n: 5 },
    );
    expect(answer(billing)).toMatchObject({
      status: 403,
      body: { error: { code: 'insufficient_user_quota', message: 'Quota short by 5 (request id: rid)' } },
    });
    const foreign = new AppError({ kind: 'forbidden', en: 'No', zh: '不' }, 'something_else');
    expect(answer(foreign)).toMatchObject({ status: 403, body: { error: { code: 'something_else' } } });
  });

  it('maps framework errors: unknown routes 404, body errors keep their 4xx, the rest 500 without detail', () => {
    const notFound = answer(new NotFoundException());
    expect(notFound.status).toBe(404);
    expect(notFound.body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_url' });
    expect(notFound.body.error.message).toBe('Invalid URL (GET /v1/x) (request id: rid)');
    const badJson = answer(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }));
    expect(badJson).toMatchObject({ status: 400, body: { error: { code: 'invalid_text_request' } } });
    const crash = answer(new Error('secret database detail'));
    expect(crash.status).toBe(500);
    expect(crash.body.error.message).not.toContain('secret');
  });

  it('answers a Redis outage 503 service_unavailable, not a 500', () => {
    const outage = answer(new Error("Stream isn't writeable and enableOfflineQueue options is false"));
    expect(outage).toEqual({
      status: 503,
      body: {
        error: {
          message: 'Service temporarily unavailable, please try again shortly (request id: rid)',
          type: 'gateway_error',
          param: null,
          code: 'service_unavailable',
        },
      },
    });
  });

  it('claims the API paths only', () => {
    for (const path of [
      '/v1',
      '/v1/models',
      '/v1beta/models/x:generateContent',
      '/dashboard/billing/usage',
      '/v1?x',
      '/pg/chat/completions',
    ])
      expect(isOpenAiPath(path)).toBe(true);
    for (const path of ['/api/status', '/v1x', '/', '/pgx', '/dashboardx'])
      expect(isOpenAiPath(path)).toBe(false);
  });
});
