import { setTimeout as sleep } from 'node:timers/promises';
import { JobQueue } from '../src/infra/queue/queue.port';
import { epayFakeSign } from '@tollgate/test-fakes';
import { MERCHANT, type PaymentsDesk, startPaymentsDesk } from './support/payments-desk';
import { BACKENDS } from './support/test-app';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

describe.each(BACKENDS)('online top-up: amount, orders, lists and expiry (%s)', (backend) => {
  let d: PaymentsDesk;

  beforeAll(async () => {
    d = await startPaymentsDesk(backend, { configure: false });
  });
  afterAll(() => d.close());

  const status = async () =>
    ((await d.t.http().get('/api/status')).body as { data: { enable_online_topup: boolean } }).data;

  it('reports online top-up only once the gateway, merchant id, key and server address are all set', async () => {
    const steps: Array<[string, string]> = [
      ['ServerAddress', d.origin],
      ['PayAddress', d.epay.url],
      ['EpayId', MERCHANT.pid],
      ['EpayKey', MERCHANT.key],
    ];
    for (const [key, value] of steps) {
      expect((await status()).enable_online_topup).toBe(false);
      await d.setOption(key, value);
    }
    expect((await status()).enable_online_topup).toBe(true);
    await d.setOption('EpayKey', '');
    expect((await status()).enable_online_topup).toBe(false);
  });

  it('refuses amount and pay while online top-up is off, in both languages, storing nothing', async () => {
    const [ann] = d.users;
    expect((await d.amount(ann, { amount: 10 })).body).toEqual({
      success: false,
      message: '管理员未开启在线充值！',
    });
    expect((await d.pay(ann, { amount: 10, payment_method: 'zfb' }, 'en')).body).toEqual({
      success: false,
      message: 'The administrator has not enabled online top-up!',
    });
    expect(await d.orders()).toEqual([]);
    await d.configure();
  });

  it('refuses anonymous callers and shows the order list to administrators only', async () => {
    for (const [method, path] of [
      ['post', '/api/user/amount'],
      ['post', '/api/user/pay'],
      ['get', '/api/user/topup/self'],
      ['get', '/api/user/topup'],
    ] as const)
      expect((await d.t.http()[method](path).send({ amount: 10 })).status).toBe(401);
    expect((await d.t.http().get('/api/user/topup').set(d.users[0].headers)).status).toBe(403);
    expect(await d.orders()).toEqual([]);
  });

  it('prices an amount at Price × the top-up ratio of the user group', async () => {
    const [ann, ben] = d.users;
    await d.sql(`UPDATE users SET "group" = 'vip' WHERE id = ${ben.id}`);
    await d.setOption('TopupGroupRatio', JSON.stringify({ default: 1, vip: 0.85 }));
    expect((await d.amount(ann, { amount: 3, top_up_code: '' })).body).toEqual({
      success: true,
      message: 'success',
      data: '21.90',
    });
    expect((await d.amount(ben, { amount: 10 })).body.data).toBe('62.05');
    // A group the map does not name pays Price × 1.
    await d.setOption('TopupGroupRatio', JSON.stringify({ vip: 0.85 }));
    expect((await d.amount(ann, { amount: 10 })).body.data).toBe('73.00');
    await d.setOption('TopupGroupRatio', JSON.stringify({ default: 1, vip: 1, svip: 1 }));
  });

  it.each([
    ['below the minimum', { amount: 4 }, '充值数量不能小于 5', 'The top-up amount cannot be less than 5'],
    ['zero', { amount: 0 }, '充值数量必须是 1 到 100000000 之间的整数', 'whole number from 1 to 100000000'],
    ['negative', { amount: -3 }, '充值数量必须是 1 到 100000000 之间的整数', 'whole number'],
    ['a fraction', { amount: 5.5 }, '充值数量必须是 1 到 100000000 之间的整数', 'whole number'],
    ['text', { amount: '10' }, '充值数量必须是 1 到 100000000 之间的整数', 'whole number'],
    ['missing', {}, '充值数量必须是 1 到 100000000 之间的整数', 'whole number'],
    ['too large', { amount: 1e12 }, '充值数量必须是 1 到 100000000 之间的整数', 'whole number'],
  ])('refuses an amount %s with a clear message and stores nothing', async (_label, body, zh, en) => {
    await d.setOption('MinTopUp', '5');
    const [ann] = d.users;
    expect((await d.amount(ann, body)).body).toEqual({ success: false, message: zh });
    const paid = await d.pay(ann, { ...body, payment_method: 'wx' }, 'en-US');
    expect(paid.body.success).toBe(false);
    expect(paid.body.message).toContain(en);
    expect(await d.orders()).toEqual([]);
    await d.setOption('MinTopUp', '1');
  });

  it('reads the amount as quota when the site does not display currency', async () => {
    const [ann] = d.users;
    await d.setOption('DisplayInCurrencyEnabled', 'false');
    try {
      expect((await d.amount(ann, { amount: 10 })).body.message).toBe('充值数量不能小于 500000');
      expect((await d.amount(ann, { amount: 750000 })).body.data).toBe('10.95');
    } finally {
      await d.setOption('DisplayInCurrencyEnabled', 'true');
    }
  });

  it('refuses an amount payable under a cent', async () => {
    await d.setOption('Price', '0.001');
    try {
      expect((await d.pay(d.users[0], { amount: 1, payment_method: 'zfb' })).body).toEqual({
        success: false,
        message: '充值金额过低（至少 0.01）',
      });
      expect(await d.orders()).toEqual([]);
    } finally {
      await d.setOption('Price', '7.3');
    }
  });

  it.each([['card'], [''], [7], [undefined]])(
    'refuses payment method %p and stores nothing',
    async (method) => {
      const answer = await d.pay(d.users[0], { amount: 2, payment_method: method });
      expect(answer.body).toEqual({ success: false, message: '支付方式不存在，请选择 zfb 或 wx' });
      expect(await d.orders()).toEqual([]);
    },
  );

  it('records a pending order and answers the signed form the gateway accepts', async () => {
    const [ann] = d.users;
    const answer = await d.pay(ann, { amount: 2, payment_method: 'wx', top_up_code: 'x' });
    const body = answer.body as {
      success: boolean;
      message: string;
      data: Record<string, string>;
      url: string;
    };
    expect(body).toMatchObject({ success: true, message: 'success', url: `${d.epay.url}/submit.php` });
    const { data } = body;
    expect(data).toMatchObject({
      pid: MERCHANT.pid,
      type: 'wxpay',
      name: 'TUC2',
      money: '14.60',
      device: 'pc',
      notify_url: `${d.origin}/api/user/epay/notify`,
      return_url: `${d.origin}/app/wallet`,
      sign_type: 'MD5',
    });
    expect(data.out_trade_no).toMatch(new RegExp(`^USR${ann.id}NO[0-9A-Za-z]{6}\\d{10}$`));
    expect(data.sign).toBe(epayFakeSign(data, MERCHANT.key));
    expect((await d.epay.submit(data)).status).toBe(200);
    expect((await d.epay.submit({ ...data, money: '0.01' })).status).toBe(400);

    const [stored] = await d.orders();
    expect(stored).toMatchObject({
      user_id: ann.id,
      trade_no: data.out_trade_no,
      quota: 1_000_000,
      money_cents: 1460,
      status: 'pending',
      completed_at: 0,
    });
    const [own] = await d.ordersOf(ann);
    expect(own).toMatchObject({ trade_no: data.out_trade_no, quota: 1_000_000, money: '14.60' });
    expect(own).toMatchObject({ payment_method: 'wx', status: 'pending' });
    expect(own.username).toBeUndefined();
  });

  it('uses the custom callback address for notify_url when one is set', async () => {
    await d.setOption('CustomCallbackAddress', 'https://callback.example.com/');
    try {
      const answer = await d.pay(d.users[2], { amount: 1, payment_method: 'zfb' });
      expect(answer.body.data).toMatchObject({
        type: 'alipay',
        notify_url: 'https://callback.example.com/api/user/epay/notify',
        return_url: `${d.origin}/app/wallet`,
      });
    } finally {
      await d.setOption('CustomCallbackAddress', '');
    }
  });

  it("lists a user's own orders and every order for administrators, searchable", async () => {
    const [ann, ben, cat] = d.users;
    const mine = await d.order(ben, 1);
    await d.order(ben, 3);
    expect((await d.ordersOf(ben)).map((order) => order.user_id)).toEqual([ben.id, ben.id]);
    expect((await d.ordersOf(cat)).every((order) => order.user_id === cat.id)).toBe(true);

    const search = async (keyword: string) => {
      const response = await d.t
        .http()
        .get(`/api/user/topup?keyword=${encodeURIComponent(keyword)}&p=1&page_size=10`)
        .set(d.admin.headers);
      return (response.body as { data: { items: Array<Record<string, unknown>>; total: number } }).data;
    };
    const all = await search('');
    expect(all.total).toBe((await d.orders()).length);
    expect(all.items[0]).toMatchObject({ username: 'ben', money: '21.90' });
    const byTrade = await search(mine.out_trade_no.slice(-14).toLowerCase());
    expect(byTrade.items.map((item) => item.trade_no)).toEqual([mine.out_trade_no]);
    const byName = await search('ben');
    expect(byName.total).toBe(2);
    // A number is a user id or part of a trade number.
    expect((await search(String(ann.id))).items.some((item) => item.user_id === ann.id)).toBe(true);
    expect((await search('%')).total).toBe(0);
  });

  it('marks orders pending for over a day expired by its job, and still credits a late payment', async () => {
    const [, , cat] = d.users;
    const stale = await d.order(cat, 2);
    const fresh = await d.order(cat, 1);
    await d.sql(
      `UPDATE top_ups SET created_at = ${now() - DAY - 60} WHERE trade_no = '${stale.out_trade_no}'`,
    );
    const queue = d.t.app.get(JobQueue);
    const id = await queue.add('top-up-expiry', {});
    let view = await queue.get<{ expired: number }>('top-up-expiry', id);
    for (let waited = 0; view?.state !== 'completed' && waited < 10_000; waited += 50) {
      await sleep(50);
      view = await queue.get('top-up-expiry', id);
    }
    expect(view?.result).toEqual({ expired: 1 });
    const statusOf = async (tradeNo: string) =>
      (await d.orders()).find((order) => order.trade_no === tradeNo)?.status;
    expect(await statusOf(stale.out_trade_no)).toBe('expired');
    expect(await statusOf(fresh.out_trade_no)).toBe('pending');

    const before = await d.quotaOf(cat);
    expect(await d.epay.callback(stale.out_trade_no)).toBe('success');
    expect(await statusOf(stale.out_trade_no)).toBe('success');
    expect(await d.quotaOf(cat)).toBe(before + 1_000_000);
  });
});
