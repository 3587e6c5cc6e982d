import { type AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { DataSource } from 'typeorm';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { TokenEntity } from '../src/modules/tokens/token.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { type MockUpstream, startMockUpstream } from '@tollgate/mock-upstream';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const QUOTA_PER_UNIT = 500_000;

describe.each(BACKENDS)('relay: dashboard billing emulation (%s)', (backend) => {
  let t: TestApp;
  let mock: MockUpstream;
  let root: SignedIn;
  let mia: SignedIn;
  let miaId: number;
  let baseURL: string;
  let data: DataSource;

  beforeAll(async () => {
    mock = await startMockUpstream();
    t = await startTestApp(backend);
    data = t.app.get(DataSource);
    root = await t.setupRoot();
    miaId = await t.createUser('mia', 'mia-pass-1');
    mia = await t.signIn('mia', 'mia-pass-1');
    await data.getRepository(UserEntity).update(miaId, { quota: 1_000_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseURL = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/v1`;
    await setOption('ModelRatio', JSON.stringify({ 'gpt-4o-mini': 1 }));
    const channel = await t.http().post('/api/channel/').set(root.headers).send({
      type: 1,
      key: 'sk-upstream-secret',
      base_url: mock.url,
      name: 'main',
      group: 'default',
      models: 'gpt-4o-mini',
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
  async function newToken(fields: Record<string, unknown>) {
    const response = await t
      .http()
      .post('/api/token/')
      .set(mia.headers)
      .send({ name: 'dash', ...fields });
    expect(response.body).toMatchObject({ success: true });
    return response.body.data[0] as { id: number; key: string };
  }
  const get = (path: string, key: string) => t.http().get(path).set('Authorization', `Bearer ${key}`);
  const spend = async (key: string) => {
    await new OpenAI({ apiKey: key, baseURL, maxRetries: 0 }).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello there' }],
    });
    await t.app.get(QuotaLedger).flush();
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
    const stored = await data.getRepository(TokenEntity).findOneByOrFail({ id });
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
    await setOption('DisplayTokenStatEnabled', 'false');
    try {
      const { key } = await newToken({ unlimited_quota: true });
      await spend(key);
      const user = await data.getRepository(UserEntity).findOneByOrFail({ id: miaId });
      expect(user.usedQuota).toBeGreaterThan(0);
      const subscription = await get('/dashboard/billing/subscription', key);
      expect(subscription.body.hard_limit_usd).toBe((user.quota + user.usedQuota) / QUOTA_PER_UNIT);
      const usage = await get('/dashboard/billing/usage', key);
      expect(usage.body.total_usage).toBe((user.usedQuota / QUOTA_PER_UNIT) * 100);
    } finally {
      await setOption('DisplayTokenStatEnabled', 'true');
    }
  });

  it('refuses a missing or bad key in the OpenAI shape', async () => {
    const anonymous = await t.http().get('/dashboard/billing/subscription');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toMatchObject({ code: 'invalid_api_key' });
    const bad = await get('/v1/dashboard/billing/usage', 'sk-not-a-real-key');
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toMatch(/\(request id: [0-9a-z]{17}\)$/);
  });
});
