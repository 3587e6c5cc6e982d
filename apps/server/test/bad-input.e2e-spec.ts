import {
  type BadInputGateway,
  nestedArrays,
  RELAY_MODELS,
  startBadInputGateway,
} from './support/bad-input-gateway';
import { BACKENDS } from './support/test-app';

// Inputs that once answered 500; each must be refused with a clear message and leave every table as it was.
describe.each(BACKENDS)('bad input is refused and changes nothing (%s)', (backend) => {
  let g: BadInputGateway;

  beforeAll(async () => {
    g = await startBadInputGateway(backend);
  });
  afterAll(() => g.close());

  const as = (who: { headers: Record<string, string> }, lang = 'en') => ({
    post: (path: string, body: object | string) =>
      g.t.http().post(path).set(who.headers).set('Accept-Language', lang).type('json').send(body),
    put: (path: string, body: object | string) =>
      g.t.http().put(path).set(who.headers).set('Accept-Language', lang).type('json').send(body),
    get: (path: string) => g.t.http().get(path).set(who.headers).set('Accept-Language', lang),
  });
  const relay = (path: string, body: object | string, headers: Record<string, string> = {}) =>
    g.t
      .http()
      .post(path)
      .set({ Authorization: `Bearer ${g.key}`, ...headers })
      .type('json')
      .send(body);

  it('refuses JSON nested 5,000 deep, on the console and on the relay in its callers’ shapes', async () => {
    const before = await g.stored('settled');
    const deep = nestedArrays(5000);
    const token = await as(g.alice).post('/api/token/', `{"name":"deep","x":${deep}}`);
    expect(token.body).toEqual({
      success: false,
      message: 'Invalid input: the JSON body is nested deeper than 128 levels',
    });
    const chat = await relay(
      '/v1/chat/completions',
      `{"model":"${RELAY_MODELS.chat}","messages":[{"role":"user","content":${deep}}]}`,
    );
    expect(chat.status).toBe(400);
    expect(chat.body.error).toMatchObject({ type: 'invalid_request_error', code: 'json_too_deep' });
    const claude = await relay('/v1/messages', `{"model":"${RELAY_MODELS.chat}","messages":${deep}}`, {
      'anthropic-version': '2023-06-01',
    });
    expect(claude.status).toBe(400);
    expect(claude.body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(await g.stored('settled')).toEqual(before);
  });

  it('refuses null where text belongs: login, token name and group, webhook address, channel models', async () => {
    const before = await g.stored('settled');
    const answers = [
      await g.t.http().post('/api/user/login').set('Accept-Language', 'en').send({ username: null }),
      await as(g.alice).post('/api/token/', { name: null }),
      await as(g.alice).post('/api/token/', { name: 'x', group: null }),
      await as(g.alice).put('/api/user/setting', { notify_type: 'webhook', webhook_url: null }),
      await as(g.root).post('/api/channel/', { name: 'c', type: 1, key: 'k', models: null }),
    ];
    expect(answers.map((answer): unknown[] => [answer.status, answer.body])).toEqual(
      ['username', 'name', 'group', 'webhook_url', 'models'].map((field) => [
        200,
        { success: false, message: `${field} must not be null` },
      ]),
    );
    const zh = await as(g.alice, 'zh-CN').post('/api/token/', { name: null });
    expect(zh.body.message).toBe('name 不能为 null');
    expect(await g.stored('settled')).toEqual(before);
  });

  it('refuses a NUL character: redemption code, token model limits, user group, channel tag', async () => {
    const before = await g.stored('settled');
    const answers = [
      await as(g.alice).post('/api/user/topup', { key: 'ab\u0000cd' }),
      await as(g.alice).post('/api/token/', { name: 'x', model_limits: 'gpt\u0000' }),
      await as(g.root).put('/api/user/', { id: g.bob.id, group: 'vip\u0000' }),
      await as(g.root).put('/api/channel/', { id: g.channelId, tag: '\u0000' }),
      await as(g.root).get('/api/user/search?keyword=a%00b'),
    ];
    expect(answers.map((answer): unknown => answer.body.message)).toEqual(
      ['key', 'model_limits', 'group', 'tag', 'keyword'].map(
        (field) => `Invalid input: ${field} contains a NUL character (\\u0000)`,
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await g.stored('settled')).toEqual(before);
  });

  it('refuses ids above 32 bits in paths and bodies', async () => {
    const before = await g.stored('settled');
    for (const path of ['/api/user/2147483648', '/api/user/9007199254740993', '/api/token/2147483648']) {
      expect((await as(g.root).get(path)).body).toEqual({ success: false, message: 'id is too large' });
    }
    const edit = await as(g.root).put('/api/user/', { id: 2147483648, display_name: 'x' });
    expect(edit.body).toEqual({ success: false, message: 'id is too large' });
    const manage = await as(g.root).post('/api/user/manage', { id: 2 ** 53 + 2, action: 'disable' });
    expect(manage.body).toEqual({ success: false, message: 'id is too large' });
    const codes = await as(g.root).put('/api/redemption/batch-disable', { ids: [2147483648] });
    expect(codes.body).toEqual({ success: false, message: 'ids is too large' });
    expect(await g.stored('settled')).toEqual(before);
  });

  it('refuses a token cap of 2^63 with 400 in the caller’s shape, reserving nothing', async () => {
    const before = await g.stored('settled');
    const huge = 2 ** 63;
    const messages = [{ role: 'user', content: 'hi' }];
    const chat = await relay('/v1/chat/completions', {
      model: RELAY_MODELS.chat,
      messages,
      max_tokens: huge,
    });
    expect(chat.status).toBe(400);
    expect(chat.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_text_request',
      message: expect.stringContaining('max_tokens must be at most 2147483647'),
    });
    const completion = await relay('/v1/completions', {
      model: RELAY_MODELS.completion,
      prompt: 'hi',
      max_tokens: huge,
    });
    expect(completion.status).toBe(400);
    const claude = await relay(
      '/v1/messages',
      { model: RELAY_MODELS.chat, messages, max_tokens: huge },
      { 'anthropic-version': '2023-06-01' },
    );
    expect(claude.status).toBe(400);
    expect(claude.body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    const gemini = await relay(`/v1beta/models/${RELAY_MODELS.chat}:generateContent`, {
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      generationConfig: { maxOutputTokens: huge },
    });
    expect(gemini.status).toBe(400);
    expect(gemini.body).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    expect(await g.stored('settled')).toEqual(before);
  });

  it('answers four simultaneous creations of one username with one user and three 用户名已存在', async () => {
    const create = () =>
      as(g.root, 'zh-CN').post('/api/user/', { username: 'twin', password: 'twin-pass-123' });
    const answers = await Promise.all([create(), create(), create(), create()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.success === true)).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.body.success === false).map((answer): unknown => answer.body),
    ).toEqual(Array.from({ length: 3 }, () => ({ success: false, message: '用户名已存在' })));
  });

  it('answers an unpriced model with 403 model_price_error naming the missing price', async () => {
    const before = await g.stored('settled');
    const answer = await relay('/v1/chat/completions', {
      model: 'no-price-model',
      messages: [{ role: 'user', content: 'hi' }],
    }).set('Accept-Language', 'en');
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({
      code: 'model_price_error',
      type: 'gateway_error',
      message: expect.stringContaining('Model no-price-model has no price or ratio'),
    });
    expect(await g.stored('settled')).toEqual(before);
  });

  it('asks a bodiless DELETE that names JSON for a sign-in before anything else', async () => {
    for (const path of [`/api/token/${g.tokenId}`, '/api/user/self', `/api/channel/${g.channelId}`]) {
      const answer = await g.t.http().delete(path).set('Content-Type', 'application/json');
      expect([path, answer.status]).toEqual([path, 401]);
    }
    // Signed in, the same call is answered by the route itself.
    const own = await g.t
      .http()
      .delete(`/api/redemption/${g.redemptionId}`)
      .set(g.root.headers)
      .set('Content-Type', 'application/json');
    expect(own.body).toEqual({ success: true, message: '' });
  });
});
