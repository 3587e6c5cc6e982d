import { balanceReaderFor, type BalanceTarget, type GetJson } from './balance-readers';
import { UpstreamCallError } from '../relay/probes';

const NOW = new Date('2025-03-15T10:00:00Z');

/** Answers by path; records every URL asked for. */
function provider(answers: Record<string, unknown>): { getJson: GetJson; urls: string[] } {
  const urls: string[] = [];
  const getJson: GetJson = (url) => {
    urls.push(url);
    return Promise.resolve(answers[new URL(url).pathname]);
  };
  return { getJson, urls };
}

const read = (target: BalanceTarget, getJson: GetJson) => {
  const reader = balanceReaderFor(target.type);
  if (!reader) throw new Error(`no reader for type ${target.type}`);
  return reader(target, getJson, NOW);
};

describe('balance readers', () => {
  it('counts OpenAI usage from the 1st of the month with a payment method, else from 100 days back', async () => {
    const paid = provider({
      '/v1/dashboard/billing/subscription': { hard_limit_usd: 20, has_payment_method: true },
      '/v1/dashboard/billing/usage': { total_usage: 250 },
    });
    expect(await read({ type: 1, baseUrl: 'https://proxy.example/', key: 'k' }, paid.getJson)).toBe(17.5);
    expect(paid.urls[1]).toBe(
      'https://proxy.example/v1/dashboard/billing/usage?start_date=2025-03-01&end_date=2025-03-15',
    );

    const prepaid = provider({
      '/v1/dashboard/billing/subscription': { hard_limit_usd: 5, has_payment_method: false },
      '/v1/dashboard/billing/usage': { total_usage: 0 },
    });
    expect(await read({ type: 1, baseUrl: '', key: 'k' }, prepaid.getJson)).toBe(5);
    expect(prepaid.urls[1]).toBe(
      'https://api.openai.com/v1/dashboard/billing/usage?start_date=2024-12-05&end_date=2025-03-15',
    );
  });

  it('uses each provider’s public host when the channel has no base_url', async () => {
    const { getJson, urls } = provider({
      '/api/report/getUserOverview': { success: true, data: { totalPoints: 1 } },
      '/dashboard/billing/credit_grants': { total_remaining: 2, total_available: 3 },
      '/v1/user/info': { code: 20000, data: { totalBalance: '4.5' } },
      '/user/balance': { balance_infos: [{ currency: 'USD', total_balance: '1' }] },
    });
    const balances = [];
    for (const type of [10, 12, 13, 40, 43])
      balances.push(await read({ type, baseUrl: '', key: 'k' }, getJson));
    // DeepSeek without a yuan entry has no yuan.
    expect(balances).toEqual([1, 2, 3, 4.5, 0]);
    expect(urls.map((url) => new URL(url).host)).toEqual([
      'aiproxy.io',
      'api.api2gpt.com',
      'api.aigc2d.com',
      'api.siliconflow.cn',
      'api.deepseek.com',
    ]);
  });

  it.each([
    [10, { '/api/report/getUserOverview': { success: false, message: 'key expired' } }, 'key expired'],
    [40, { '/v1/user/info': { code: 401, message: 'Invalid token' } }, 'Invalid token'],
    [
      12,
      { '/dashboard/billing/credit_grants': { total_remaining: 'lots' } },
      'the answer has no total_remaining',
    ],
  ])('turns an answer of type %i it cannot use into a reason', async (type, answers, reason) => {
    await expect(read({ type, baseUrl: '', key: 'k' }, provider(answers).getJson)).rejects.toEqual(
      new UpstreamCallError(reason),
    );
  });

  it('has no reader for providers without a balance query', () => {
    expect(balanceReaderFor(3)).toBeUndefined();
    expect(balanceReaderFor(14)).toBeUndefined();
  });
});
