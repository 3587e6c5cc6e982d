import { APIError, PermissionDeniedError, RateLimitError } from 'openai';
import { RateLimiter } from '../src/infra/redis/redis.ports';
import { rejectionOf } from './support/relay-fixtures';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { BACKENDS, type SignedIn } from './support/test-app';

const REQUEST_ID_SUFFIX = / \(request id: [0-9a-z]{17}\)$/;

describe.each(BACKENDS)('relay: token and global rate limits (%s)', (backend) => {
  let g: RelayGateway;

  beforeAll(async () => {
    g = await startRelayGateway(backend);
    await g.setOption('ModelRatio', JSON.stringify({ 'gpt-4o-mini': 1, 'text-embedding-3-small': 0.1 }));
    await g.setOption('GroupRatio', JSON.stringify({ default: 1, 'bulk-ok': 1 }));
    await g.addChannel({
      key: 'sk-upstream-secret',
      name: 'main',
      group: 'default,bulk-ok',
      models: 'gpt-4o-mini,text-embedding-3-small',
    });
  });
  afterAll(() => g.close());

  const newUser = (name: string, group = 'default') => g.newUser(name, { quota: 10_000_000, group });
  const newToken = (who: SignedIn, fields: Record<string, unknown> = {}) =>
    g.createToken(who, { name: 'rl', ...fields });
  const newKey = async (who: SignedIn, fields: Record<string, unknown> = {}) =>
    (await newToken(who, fields)).key;
  const client = (apiKey: string) => g.openai(apiKey, { 'Accept-Language': 'en' });
  const chat = (key: string, model = 'gpt-4o-mini') =>
    client(key).chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'hi' }],
    });
  const failure = (call: Promise<unknown>) => rejectionOf(call, APIError);
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
    const limiter = g.t.app.get(RateLimiter);
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
    expect(await failure(chat(key, 'unpriced-model'))).toBeInstanceOf(PermissionDeniedError);
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
      await g.setOption('ModelRequestRateLimitCount', '2');
      await g.setOption('ModelRequestRateLimitDurationMinutes', '1');
      await g.setOption('ModelRequestRateLimitEnabled', 'true');
    });
    afterAll(async () => {
      await g.setOption('ModelRequestRateLimitEnabled', 'false');
      await g.setOption('global.rate_limit_exempt_enabled', 'false');
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
      await g.setOption('ModelRequestRateLimitSuccessCount', '1');
      try {
        const kyle = await newUser('kyle');
        await chat(await newKey(kyle));
        await expectLimited(chat(await newKey(kyle)), 'at most 1 successful requests in 1 minutes');
      } finally {
        await g.setOption('ModelRequestRateLimitSuccessCount', '1000');
      }
    });

    it('lets the exempt group through, and only while the exemption is on', async () => {
      await g.setOption('global.rate_limit_exempt_group', 'bulk-ok');
      await g.setOption('global.rate_limit_exempt_enabled', 'true');
      const lena = await newUser('lena', 'bulk-ok');
      const key = await newKey(lena);
      for (let i = 0; i < 4; i++) await chat(key);
      await g.setOption('global.rate_limit_exempt_enabled', 'false');
      await chat(key);
      await chat(key);
      await expectLimited(chat(key), 'at most 2 requests in 1 minutes');
    });
  });
});
