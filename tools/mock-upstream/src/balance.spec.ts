import { startMockUpstream, type MockUpstream } from './server';

let mock: MockUpstream;

const get = async (path: string, headers: Record<string, string>) => {
  const response = await fetch(`${mock.url}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

beforeAll(async () => {
  mock = await startMockUpstream();
});
afterAll(() => mock.close());

describe('balance endpoints', () => {
  it('answers an OpenAI subscription and usage whose difference is the amount in the key', async () => {
    const subscription = await get('/v1/dashboard/billing/subscription', bearer('sk-balance-12.5'));
    const usage = await get(
      '/v1/dashboard/billing/usage?start_date=2025-01-01&end_date=2025-01-31',
      bearer('sk-balance-12.5'),
    );
    expect(subscription.body).toMatchObject({ has_payment_method: true });
    expect(Number(subscription.body.hard_limit_usd) - Number(usage.body.total_usage) / 100).toBe(12.5);
  });

  it('refuses a usage query without its period', async () => {
    expect((await get('/v1/dashboard/billing/usage', bearer('sk-x'))).status).toBe(400);
  });

  it('answers credit grants, DeepSeek and SiliconFlow balances from the key', async () => {
    expect((await get('/dashboard/billing/credit_grants', bearer('sk-balance-0'))).body).toMatchObject({
      total_available: 0,
      total_remaining: 0,
    });
    const deepSeek = await get('/user/balance', bearer('sk-balance-7'));
    expect(deepSeek.body.balance_infos).toContainEqual(
      expect.objectContaining({ currency: 'CNY', total_balance: '7.00' }),
    );
    expect((await get('/v1/user/info', bearer('other-key'))).body).toMatchObject({
      code: 20000,
      data: { totalBalance: '100.00' },
    });
  });

  it('takes the AIProxy key from Api-Key and refuses a request without one', async () => {
    expect((await get('/api/report/getUserOverview', { 'api-key': 'sk-balance-3' })).body).toEqual({
      success: true,
      message: '',
      data: { totalPoints: 3 },
    });
    expect((await get('/api/report/getUserOverview', bearer('sk-balance-3'))).status).toBe(401);
  });

  it('refuses the bad key with 401 like every OpenAI route', async () => {
    expect((await get('/user/balance', bearer('bad-key'))).status).toBe(401);
  });
});
