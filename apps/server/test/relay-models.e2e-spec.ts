import { APIError, AuthenticationError, BadRequestError, NotFoundError, PermissionDeniedError } from 'openai';
import { Role } from '@tollgate/contracts';
import { TokenEntity } from '../src/modules/tokens/token.entity';
import { type RelayFixture, rejectionOf, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS, type SignedIn } from './support/test-app';

const REQUEST_ID = /^[0-9a-z]{17}$/;

describe.each(BACKENDS)('relay: GET /v1/models through token auth and routing (%s)', (backend) => {
  let f: RelayFixture;
  let root: SignedIn;
  let alice: SignedIn;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    ({ root, alice } = f);
    await addChannel({ name: 'main', models: 'gpt-4o,gpt-4o-mini', group: 'default' });
    await addChannel({ name: 'vip-only', models: 'claude-x', group: 'vip' });
    const off = await addChannel({ name: 'off', models: 'ghost-model', group: 'default' });
    await console_(root).put('/api/channel/').send({ id: off, status: 2 }).expect(200);
  });
  afterAll(() => f.close());

  const console_ = (who: SignedIn) => ({
    post: (path: string) => f.t.http().post(path).set(who.headers),
    put: (path: string) => f.t.http().put(path).set(who.headers),
  });
  // No upstream is called: listing models never leaves the gateway.
  const addChannel = (fields: Record<string, unknown>) =>
    f.addChannel({ key: 'sk-upstream-0001', base_url: 'http://127.0.0.1:9', ...fields });
  const newToken = (fields: Record<string, unknown> = {}, who = alice) =>
    f.createToken(who, { name: 't', ...fields });
  const client = (apiKey: string) => f.openai(apiKey);
  const modelIds = async (apiKey: string) => (await client(apiKey).models.list()).data.map((m) => m.id);
  const failure = (call: Promise<unknown>) => rejectionOf(call, APIError);
  // Poll for a state the change notices bring about (well within a second in practice).
  async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return check();
  }

  it('lists the enabled models of the token group in OpenAI list shape', async () => {
    const { key } = await newToken();
    const list = await client(key).models.list();
    expect(list.data.map((m) => m.id)).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(list.data[0]).toMatchObject({ id: 'gpt-4o', object: 'model', owned_by: 'openai' });
    expect(typeof list.data[0].created).toBe('number');
    const vip = await newToken({ group: 'vip' });
    expect(await modelIds(vip.key)).toEqual(['claude-x']);
    expect(await client(key).models.retrieve('gpt-4o-mini')).toMatchObject({
      id: 'gpt-4o-mini',
      object: 'model',
    });
  });

  it('limits the list to the token model limits; other models are refused or unknown', async () => {
    const { key } = await newToken({ model_limits_enabled: true, model_limits: 'gpt-4o,claude-x' });
    expect(await modelIds(key)).toEqual(['gpt-4o']);
    const refused = await failure(client(key).models.retrieve('gpt-4o-mini'));
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(refused.code).toBe('model_not_allowed');
    expect(refused.message).toContain('该令牌无权访问模型 gpt-4o-mini');
    const unknown = await failure(client(key).models.retrieve('ghost-model'));
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(unknown.code).toBe('model_not_found');
  });

  it('refuses a bad key with AuthenticationError, the request id in the message and the header', async () => {
    const error = await failure(client('sk-' + 'x'.repeat(48)).models.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.status).toBe(401);
    expect(error.code).toBe('invalid_api_key');
    expect(error.type).toBe('gateway_error');
    expect(error.requestID).toMatch(REQUEST_ID);
    expect(error.message).toContain(`无效的令牌 (request id: ${error.requestID})`);
    const missing = await f.t.http().get('/v1/models').set('Accept-Language', 'en');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      error: {
        message: `Invalid token (request id: ${missing.headers['x-request-id']})`,
        type: 'gateway_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
  });

  it('gives every successful answer a fresh request id header', async () => {
    const { key } = await newToken();
    const ids = await Promise.all(
      [1, 2, 3].map(async () =>
        (await client(key).models.list().withResponse()).response.headers.get('x-request-id'),
      ),
    );
    for (const id of ids) expect(id).toMatch(REQUEST_ID);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses disabled, expired and exhausted tokens with their own texts', async () => {
    const disabled = await newToken();
    await console_(alice)
      .put('/api/token/?status_only=true')
      .send({ id: disabled.id, status: 2 })
      .expect(200);
    const expired = await newToken();
    await f.data.getRepository(TokenEntity).update(expired.id, { expiredTime: 1000 });
    const exhausted = await newToken({ unlimited_quota: false, remain_quota: 0 });
    const cases: Array<[string, string, string]> = [
      [disabled.key, 'token_disabled', '该令牌状态不可用'],
      [expired.key, 'token_expired', '该令牌已过期'],
      [exhausted.key, 'token_exhausted', `该令牌额度已用尽 [sk-${exhausted.key.slice(3, 6)}***`],
    ];
    for (const [key, code, text] of cases) {
      const error = await failure(client(key).models.list());
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error.code).toBe(code);
      expect(error.message).toContain(text);
      expect(error.message).not.toContain(key.slice(3));
    }
  });

  it('checks the IP allow list, CIDR included', async () => {
    const outside = await newToken({ allow_ips: '10.9.9.9\n192.168.0.0/16' });
    const error = await failure(client(outside.key).models.list());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.code).toBe('access_denied');
    const inside = await newToken({ allow_ips: '10.9.9.9\n127.0.0.0/8' });
    expect(await modelIds(inside.key)).toEqual(['gpt-4o', 'gpt-4o-mini']);
  });

  it('lets only administrators force a channel, and checks the id', async () => {
    const { key } = await newToken();
    const plain = await failure(client(`${key}-1`).models.list());
    expect(plain).toBeInstanceOf(PermissionDeniedError);
    expect(plain.message).toContain('普通用户不支持指定渠道');
    const rootToken = await newToken({}, root);
    expect(await modelIds(`${rootToken.key}-1`)).toEqual(['gpt-4o', 'gpt-4o-mini']);
    const bad = await failure(client(`${rootToken.key}-x1`).models.list());
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.code).toBe('invalid_channel_id');
  });

  it('answers unknown relay paths and API-level failures in OpenAI shape, the console keeps its envelope', async () => {
    const unknown = await f.t.http().get('/v1/no-such-thing').set('Accept-Language', 'en');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_url' });
    expect(unknown.body.error.message).toBe(
      `Invalid URL (GET /v1/no-such-thing) (request id: ${unknown.headers['x-request-id']})`,
    );
    const malformed = await f.t
      .http()
      .post('/v1/models')
      .set('Content-Type', 'application/json')
      .send('{"broken"');
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.body.error.message).toMatch(/\(request id: [0-9a-z]{17}\)$/);
    // Relayed calls are plain Fastify routes: a body Fastify cannot parse still gets the OpenAI shape.
    const brokenCall = await f.t
      .http()
      .post('/v1/chat/completions')
      .set('Content-Type', 'application/json')
      .send('{"broken"');
    expect(brokenCall.status).toBe(400);
    expect(brokenCall.body.error).toMatchObject({ type: 'invalid_request_error' });
    expect(brokenCall.body.error.message).toMatch(/\(request id: [0-9a-z]{17}\)$/);
    const consoleAnswer = await f.t.http().get('/api/no-such-thing');
    expect(consoleAnswer.body).toMatchObject({ success: false });
  });

  it('sees a disabled token, a banned user and a new channel within a second', async () => {
    const { id, key } = await newToken();
    expect(await modelIds(key)).toEqual(['gpt-4o', 'gpt-4o-mini']);
    await addChannel({ name: 'late', models: 'late-model', group: 'default' });
    expect(await within(1000, async () => (await modelIds(key)).includes('late-model'))).toBe(true);

    await console_(alice).put('/api/token/?status_only=true').send({ id, status: 2 }).expect(200);
    const refusedSoon = await within(1000, async () => {
      const outcome = await client(key)
        .models.list()
        .then(
          () => null,
          (error: unknown) => error,
        );
      return outcome instanceof AuthenticationError;
    });
    expect(refusedSoon).toBe(true);

    const other = await newToken();
    expect(await modelIds(other.key)).toContain('gpt-4o');
    await console_(root).post('/api/user/manage').send({ id: alice.id, action: 'disable' }).expect(200);
    const bannedSoon = await within(1000, async () => {
      const outcome = await client(other.key)
        .models.list()
        .then(
          () => null,
          (error: unknown) => error,
        );
      return outcome instanceof PermissionDeniedError && outcome.message.includes('用户已被封禁');
    });
    expect(bannedSoon).toBe(true);
    await console_(root).post('/api/user/manage').send({ id: alice.id, action: 'enable' }).expect(200);
    // Disabling ended her sessions: she signs in again.
    alice = await f.t.signIn('alice', 'alice-pass-1');
    expect(
      await within(1000, async () => (await modelIds(other.key).catch((): string[] => [])).length > 0),
    ).toBe(true);
  });

  it('serves 200 calls in steady state without a single database query', async () => {
    const { key } = await newToken({ model_limits_enabled: true, model_limits: 'gpt-4o' });
    const rootToken = await newToken({}, root);
    await modelIds(key);
    await modelIds(rootToken.key);
    const logger = f.data.logger;
    const queries = jest.spyOn(logger, 'logQuery');
    try {
      const sdk = client(key);
      for (let batch = 0; batch < 10; batch++) {
        await Promise.all(Array.from({ length: 20 }, () => sdk.models.list()));
      }
      await client(rootToken.key).models.retrieve('gpt-4o');
      expect(queries).not.toHaveBeenCalled();
      // The counter does see queries: a console call reads the database.
      await f.t.http().get('/api/token/').set(alice.headers).expect(200);
      expect(queries).toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it('keeps the user role: an admin promoted later may force channels after the change notice', async () => {
    const bobId = await f.t.createUser('bob', 'bob-pass-123', Role.Common);
    const bob = await f.t.signIn('bob', 'bob-pass-123');
    const { key } = await newToken({}, bob);
    expect(await failure(client(`${key}-1`).models.list())).toBeInstanceOf(PermissionDeniedError);
    await console_(root).post('/api/user/manage').send({ id: bobId, action: 'promote' }).expect(200);
    expect(
      await within(1000, async () =>
        (await modelIds(`${key}-1`).catch((): string[] => [])).includes('gpt-4o'),
      ),
    ).toBe(true);
  });
});
