import { TokenEntity } from '../src/modules/tokens/token.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { BACKENDS, type SignedIn } from './support/test-app';

const QUOTA_PER_UNIT = 500_000;

describe.each(BACKENDS)('relay: dashboard billing emulation (%s)', (backend) => {
  let g: RelayGateway;
  let mia: SignedIn;

  beforeAll(async () => {
    g = await startRelayGateway(backend);
    mia = await g.newUser('mia', { quota: 1_000_000 });
    await g.setOption('ModelRatio', JSON.stringify({ 'gpt-4o-mini': 1 }));
    await g.addChannel({ key: 'sk-upstream-secret', name: 'main', models: 'gpt-4o-mini' });
  });
  afterAll(() => g.close());

  const newToken = (fields: Record<string, unknown>) => g.createToken(mia, { name: 'dash', ...fields });
  const get = (path: string, key: string) => g.t.http().get(path).set('Authorization', `Bearer ${key}`);
  const spend = async (key: string) => {
    await g.openai(key).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello there' }],
    });
    await g.flush();
  };

  it("shows a limited token's budget and its usage in cents, at the root and under /v1", async () => {
    const { id, key } = await newToken({ remain_quota: 250_000, unlimited_quota: false });
    const before = await get('/dashboard/billing/subscription', key);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: 0.5,
      hard_limit_usd: 0.5,
      system_hard_limit_usd: 0.5,
      access_until: 0,
    });
    expect((await get('/v1/dashboard/billing/usage', key)).body).toEqual({ object: 'list', total_usage: 0 });
    await spend(key);
    const stored = await g.data.getRepository(TokenEntity).findOneByOrFail({ id });
    expect(stored.usedQuota).toBeGreaterThan(0);
    const usage = await get('/dashboard/billing/usage', key);
    expect(usage.body).toEqual({ object: 'list', total_usage: (stored.usedQuota / QUOTA_PER_UNIT) * 100 });
    const after = await get('/v1/dashboard/billing/subscription', key);
    expect(after.body.hard_limit_usd).toBe(0.5);
  });

  it('answers 100000000 for an unlimited token and its expiry as access_until', async () => {
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    const { key } = await newToken({ unlimited_quota: true, expired_time: expiry });
    const response = await get('/v1/dashboard/billing/subscription', key);
    expect(response.body).toMatchObject({ hard_limit_usd: 100_000_000, access_until: expiry });
  });

  it("shows the user's balance when DisplayTokenStatEnabled is off", async () => {
    await g.setOption('DisplayTokenStatEnabled', 'false');
    try {
      const { key } = await newToken({ unlimited_quota: true });
      await spend(key);
      const user = await g.data.getRepository(UserEntity).findOneByOrFail({ id: mia.id });
      expect(user.usedQuota).toBeGreaterThan(0);
      const subscription = await get('/dashboard/billing/subscription', key);
      expect(subscription.body.hard_limit_usd).toBe((user.quota + user.usedQuota) / QUOTA_PER_UNIT);
      const usage = await get('/dashboard/billing/usage', key);
      expect(usage.body.total_usage).toBe((user.usedQuota / QUOTA_PER_UNIT) * 100);
    } finally {
      await g.setOption('DisplayTokenStatEnabled', 'true');
    }
  });

  it('refuses a missing or bad key in the OpenAI shape', async () => {
    const anonymous = await g.t.http().get('/dashboard/billing/subscription');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toMatchObject({ code: 'invalid_api_key' });
    const bad = await get('/v1/dashboard/billing/usage', 'sk-not-a-real-key');
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toMatch(/\(request id: [0-9a-z]{17}\)$/);
  });
});
