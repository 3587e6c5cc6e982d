import { type AddressInfo } from 'node:net';
import OpenAI, { APIError, InternalServerError, RateLimitError } from 'openai';
import { DataSource } from 'typeorm';
import { RateLimiter } from '../src/infra/redis/redis.ports';
import { UserEntity } from '../src/modules/users/user.entity';
import { type MockUpstream, startMockUpstream } from '@tollgate/mock-upstream';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const REQUEST_ID_SUFFIX = / \(request id: [0-9a-z]{17}\)$/;

describe.each(BACKENDS)('relay: token and global rate limits (%s)', (backend) => {
  let t: TestApp;
  let mock: MockUpstream;
  let root: SignedIn;
  let baseURL: string;
  let data: DataSource;

  beforeAll(async () => {
    mock = await startMockUpstream();
    t = await startTestApp(backend);
    data = t.app.get(DataSource);
    root = await t.setupRoot();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseURL = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/v1`;
    await setOption('ModelRatio', JSON.stringify({ 'gpt-4o-mini': 1, 'text-embedding-3-small': 0.1 }));
    await setOption('GroupRatio', JSON.stringify({ default: 1, 'bulk-ok': 1 }));
    const channel = await t.http().post('/api/channel/').set(root.headers).send({
      type: 1,
      key: 'sk-upstream-secret',
      base_url: mock.url,
      name: 'main',
      group: 'default,bulk-ok',
      models: 'gpt-4o-mini,text-embedding-3-small',
    });
    expect(channel.body).toMatchObject({ success: true });
  });
  afterAll(async () => {
    await t.close();
    await mock.close();
  });

  async function setOption(key: string, value: string): Promise<void> {
    const response = await t.http().put('/api/option/').set(root.headers).send({ key, value });
    expect(response.body).toMatchObject({ success: true });
  }
  async function newUser(name: string, group = 'default'): Promise<SignedIn> {
    const id = await t.createUser(name, `${name}-pass-1`);
    await data.getRepository(UserEntity).update(id, { quota: 10_000_000, group });
    return t.signIn(name, `${name}-pass-1`);
  }
  async function newToken(who: SignedIn, fields: Record<string, unknown> = {}) {
    const response = await t
      .http()
      .post('/api/token/')
      .set(who.headers)
      .send({ name: 'rl', unlimited_quota: true, ...fields });
    expect(response.body).toMatchObject({ success: true });
    return response.body.data[0] as { id: number; key: string };
  }
  const newKey = async (who: SignedIn, fields: Record<string, unknown> = {}) =>
    (await newToken(who, fields)).key;
  const client = (apiKey: string) =>
    new OpenAI({ apiKey, baseURL, maxRetries: 0, defaultHeaders: { 'Accept-Language': 'en' } });
  const chat = (key: string, model = 'gpt-4o-mini') =>
    client(key).chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'hi' }],
    });
  const failure = async (call: Promise<unknown>): Promise<APIError> => {
    try {
      await call;
    } catch (error) {
      if (error instanceof APIError) return error;
      throw error;
    }
    throw new Error('the call succeeded');
  };
  const expectLimited = async (call: Promise<unknown>, message: string) => {
    const error = await failure(call);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.status).toBe(429);
    expect(error.message).toContain(message);
    expect((error.error as { message: string }).message).toMatch(REQUEST_ID_SUFFIX);
  };

  it('refuses the third call of a token limited to two requests per window', async () => {
    const erin = await newUser('erin');
    const { id, key } = await newToken(erin, {
      rate_limit_enabled: true,
      rate_limit_period: 60,
      rate_limit_count: 2,
      rate_limit_success: 100,
    });
    await chat(key);
    await client(key).embeddings.create({
      model: 'text-embedding-3-small',
      input: 'x',
    });
    await expectLimited(chat(key), 'at most 2 requests in 60 seconds');
    const limiter = t.app.get(RateLimiter);
    expect(await limiter.peek(`rl:token:${id}:total`, 2, 60)).toMatchObject({ allowed: false });
    expect(await limiter.peek(`rl:token:${id}:success`, 2, 60)).toMatchObject({ allowed: false });
    await limiter.reset(`rl:token:${id}:total`);
    await chat(key);
    // Another token of the same user has its own window.
    await expect(chat(await newKey(erin))).resolves.toBeDefined();
  });

  it('counts only successful calls against the success limit', async () => {
    const finn = await newUser('finn');
    const key = await newKey(finn, {
      rate_limit_enabled: true,
      rate_limit_period: 60,
      rate_limit_count: 0,
      rate_limit_success: 1,
    });
    expect(await failure(chat(key, 'unpriced-model'))).toBeInstanceOf(InternalServerError);
    await chat(key);
    await expectLimited(chat(key), 'at most 1 successful requests in 60 seconds');
  });

  it('ignores the token limits while rate_limit_enabled is off', async () => {
    const gail = await newUser('gail');
    const key = await newKey(gail, { rate_limit_enabled: false, rate_limit_count: 1, rate_limit_success: 1 });
    for (let i = 0; i < 3; i++) await chat(key);
  });

  it('lets calls in again once the window has slid past them', async () => {
    const hank = await newUser('hank');
    const key = await newKey(hank, {
      rate_limit_enabled: true,
      rate_limit_period: 2,
      rate_limit_count: 1,
      rate_limit_success: 10,
    });
    await chat(key);
    await expectLimited(chat(key), 'at most 1 requests in 2 seconds');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await chat(key);
    await expectLimited(chat(key), 'at most 1 requests in 2 seconds');
  });

  describe('global per-user limit', () => {
    beforeAll(async () => {
      await setOption('ModelRequestRateLimitCount', '2');
      await setOption('ModelRequestRateLimitDurationMinutes', '1');
      await setOption('ModelRequestRateLimitEnabled', 'true');
    });
    afterAll(async () => {
      await setOption('ModelRequestRateLimitEnabled', 'false');
      await setOption('global.rate_limit_exempt_enabled', 'false');
    });

    it('refuses a user over the limit across all of their tokens', async () => {
      const ivan = await newUser('ivan');
      await chat(await newKey(ivan));
      await chat(await newKey(ivan));
      await expectLimited(chat(await newKey(ivan)), 'at most 2 requests in 1 minutes');
      // Other users keep their own window.
      await expect(chat(await newKey(await newUser('jane')))).resolves.toBeDefined();
    });

    it('applies the global success count', async () => {
      await setOption('ModelRequestRateLimitSuccessCount', '1');
      try {
        const kyle = await newUser('kyle');
        await chat(await newKey(kyle));
        await expectLimited(chat(await newKey(kyle)), 'at most 1 successful requests in 1 minutes');
      } finally {
        await setOption('ModelRequestRateLimitSuccessCount', '1000');
      }
    });

    it('lets the exempt group through, and only while the exemption is on', async () => {
      await setOption('global.rate_limit_exempt_group', 'bulk-ok');
      await setOption('global.rate_limit_exempt_enabled', 'true');
      const lena = await newUser('lena', 'bulk-ok');
      const key = await newKey(lena);
      for (let i = 0; i < 4; i++) await chat(key);
      await setOption('global.rate_limit_exempt_enabled', 'false');
      await chat(key);
      await chat(key);
      await expectLimited(chat(key), 'at most 2 requests in 1 minutes');
    });
  });
});
