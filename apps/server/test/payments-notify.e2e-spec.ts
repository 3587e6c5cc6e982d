import { Logger } from '@nestjs/common';
import { epayFakeSign } from '@tollgate/test-fakes';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { codeOf, payer } from './support/billing-factory';
import { MERCHANT, type PaymentsDesk, startPaymentsDesk } from './support/payments-desk';
import { BACKENDS } from './support/test-app';

// $2 at the default QuotaPerUnit and Price 7.3.
const AMOUNT = 2;
const QUOTA = 1_000_000;

describe.each(BACKENDS)('online top-up: the easy-pay callback (%s)', (backend) => {
  let d: PaymentsDesk;
  let warnings: jest.SpyInstance;

  beforeAll(async () => {
    d = await startPaymentsDesk(backend);
    warnings = jest.spyOn(Logger.prototype, 'warn');
  });
  afterAll(async () => {
    warnings.mockRestore();
    await d.close();
  });

  const statusOf = async (tradeNo: string) =>
    (await d.orders()).find((order) => order.trade_no === tradeNo)?.status;
  const topUpLogs = (userId: number) =>
    d.sql<{ content: string; quota: string; other: string }>(
      `SELECT content, quota, other FROM logs WHERE user_id = ${userId} AND type = 1 ORDER BY id`,
    );
  const refusalsLogged = () =>
    warnings.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('callback refused'));

  it('credits a signed callback once, logs it with its trade number, and acknowledges repeats', async () => {
    const [ann] = d.users;
    const before = await d.quotaOf(ann);
    const order = await d.order(ann, AMOUNT);
    expect(await statusOf(order.out_trade_no)).toBe('pending');

    expect(await d.epay.callback(order.out_trade_no)).toBe('success');
    expect(await d.quotaOf(ann)).toBe(before + QUOTA);
    const [stored] = (await d.orders()).filter((row) => row.trade_no === order.out_trade_no);
    expect(stored.status).toBe('success');
    expect(stored.completed_at).toBeGreaterThan(0);
    const logs = await topUpLogs(ann.id);
    expect(logs).toHaveLength(1);
    expect(logs[0].content).toBe(`在线充值成功，订单 ${order.out_trade_no}，充值 $2.00，支付金额 14.60`);
    expect(Number(logs[0].quota)).toBe(QUOTA);
    expect(JSON.parse(logs[0].other)).toEqual({ trade_no: order.out_trade_no, payment_method: 'zfb' });

    // A replay of the same callback: acknowledged (the gateway stops retrying), nothing credited again.
    expect(await d.epay.callback(order.out_trade_no)).toBe('success');
    expect(await d.epay.callback(order.out_trade_no, { method: 'POST' })).toBe('success');
    expect(await d.quotaOf(ann)).toBe(before + QUOTA);
    expect(await topUpLogs(ann.id)).toHaveLength(1);
    expect((await d.ordersOf(ann))[0]).toMatchObject({ status: 'success', trade_no: order.out_trade_no });
  });

  it('takes the callback posted as a form too', async () => {
    const [, ben] = d.users;
    const before = await d.quotaOf(ben);
    const order = await d.order(ben, AMOUNT);
    expect(await d.epay.callback(order.out_trade_no, { method: 'POST' })).toBe('success');
    expect(await d.quotaOf(ben)).toBe(before + QUOTA);
  });

  it.each([
    ['forged (signed with another key)', { variant: 'forged' as const }],
    ['altered after signing', { variant: 'altered' as const }],
    ['for another amount, signed', { money: '1.00' }],
    ['from another merchant', { pid: '2002' }],
  ])('refuses a callback %s, credits nothing and logs why', async (_label, options) => {
    const [, , cat] = d.users;
    const before = await d.quotaOf(cat);
    const order = await d.order(cat, AMOUNT);
    warnings.mockClear();
    expect(await d.epay.callback(order.out_trade_no, options)).toBe('fail');
    expect(await d.epay.callback(order.out_trade_no, { ...options, method: 'POST' })).toBe('fail');
    expect(await statusOf(order.out_trade_no)).toBe('pending');
    expect(await d.quotaOf(cat)).toBe(before);
    expect(refusalsLogged()).toHaveLength(2);
    expect(refusalsLogged()[0]).toContain(order.out_trade_no);
  });

  it('refuses a callback for an unknown order, or malformed, and logs it', async () => {
    const params = {
      pid: MERCHANT.pid,
      trade_no: 'FAKE1',
      out_trade_no: 'USR1NOnope001700000000',
      type: 'alipay',
      name: 'TUC2',
      money: '14.60',
      trade_status: 'TRADE_SUCCESS',
    };
    const signed = { ...params, sign: epayFakeSign(params, MERCHANT.key), sign_type: 'MD5' };
    warnings.mockClear();
    const notify = (query: string) => d.t.http().get(`/api/user/epay/notify?${query}`);
    const unknown = await notify(new URLSearchParams(signed).toString());
    expect(unknown.status).toBe(200);
    expect(unknown.headers['content-type']).toMatch(/^text\/plain/);
    expect(unknown.text).toBe('fail');
    expect((await notify(`${new URLSearchParams(signed).toString()}&money=1`)).text).toBe('fail');
    expect((await notify('')).text).toBe('fail');
    // A repeated field (parsed as a list) is not a callback easy-pay sends.
    const repeated = await d.t
      .http()
      .post('/api/user/epay/notify')
      .type('form')
      .send(`${new URLSearchParams(signed).toString()}&money=14.60`);
    expect(repeated.text).toBe('fail');
    expect(refusalsLogged()).toEqual([
      expect.stringContaining('unknown order'),
      expect.stringContaining('malformed'),
      expect.stringContaining('bad signature'),
      expect.stringContaining('malformed'),
    ]);
    expect(await d.orders()).not.toContainEqual(expect.objectContaining({ trade_no: params.out_trade_no }));
  });

  it('acknowledges a signed callback of an unpaid state without crediting', async () => {
    const [, , cat] = d.users;
    const before = await d.quotaOf(cat);
    const order = await d.order(cat, AMOUNT);
    expect(await d.epay.callback(order.out_trade_no, { tradeStatus: 'WAIT_BUYER_PAY' })).toBe('success');
    expect(await statusOf(order.out_trade_no)).toBe('pending');
    expect(await d.quotaOf(cat)).toBe(before);
  });

  it('credits once when ten identical callbacks arrive at once', async () => {
    const [, , cat] = d.users;
    const before = await d.quotaOf(cat);
    const order = await d.order(cat, AMOUNT);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        d.epay.callback(order.out_trade_no, { method: i % 2 ? 'POST' : 'GET' }),
      ),
    );
    expect(answers).toEqual(Array<string>(10).fill('success'));
    expect(await d.quotaOf(cat)).toBe(before + QUOTA);
    expect((await topUpLogs(cat.id)).filter((log) => log.content.includes(order.out_trade_no))).toHaveLength(
      1,
    );
  });

  it('adds the credit to a cached balance at once', async () => {
    const [, ben] = d.users;
    const ledger = d.t.app.get(QuotaLedger);
    const balance = await d.quotaOf(ben);
    // Held and given back: the balance is now cached.
    await ledger.refund(await ledger.reserve(payer(ben.id, null), 1));
    const order = await d.order(ben, AMOUNT);
    expect(await d.epay.callback(order.out_trade_no)).toBe('success');
    expect(await codeOf(ledger.reserve(payer(ben.id, null), balance + QUOTA + 1))).toBe(
      'insufficient_user_quota',
    );
    await ledger.refund(await ledger.reserve(payer(ben.id, null), balance + QUOTA));
  });

  it('gives the inviter floor(credited × RebatePercentage / 100) with system logs on both sides', async () => {
    const [ann, ben, cat] = d.users;
    await d.sql(`UPDATE users SET inviter_id = ${ann.id} WHERE id IN (${ben.id}, ${cat.id})`);
    const systemLogs = (userId: number) =>
      d.sql<{ content: string; quota: string }>(
        `SELECT content, quota FROM logs WHERE user_id = ${userId} AND type = 4 ORDER BY id`,
      );

    // Off by default: nothing for the inviter.
    let inviter = await d.quotaOf(ann);
    await d.epay.callback((await d.order(ben, AMOUNT)).out_trade_no);
    expect(await d.quotaOf(ann)).toBe(inviter);

    await d.setOption('RebateEnabled', 'true');
    await d.setOption('RebatePercentage', '12.5');
    await d.epay.callback((await d.order(ben, 3)).out_trade_no);
    expect(await d.quotaOf(ann)).toBe(inviter + 187_500);
    expect((await systemLogs(ann.id)).at(-1)).toEqual({
      content: '邀请用户 ben 充值 $3，获得返佣 $0.375',
      quota: expect.anything() as unknown,
    });
    expect(Number((await systemLogs(ann.id)).at(-1)?.quota)).toBe(187_500);
    expect((await systemLogs(ben.id)).at(-1)?.content).toBe('充值 $3，邀请人 ann 获得返佣 $0.375');

    // A redeemed code earns the rebate too: floor(777 × 12.5 / 100) = 97.
    inviter = await d.quotaOf(ann);
    const created = await d.t
      .http()
      .post('/api/redemption/')
      .set(d.admin.headers)
      .send({ name: 'rebate', quota: 777 });
    const key = (created.body as { data: string[] }).data[0];
    expect((await d.t.http().post('/api/user/topup').set(cat.headers).send({ key })).body.success).toBe(true);
    expect(await d.quotaOf(ann)).toBe(inviter + 97);
    expect((await systemLogs(cat.id)).at(-1)?.content).toContain('邀请人 ann 获得返佣');

    // A user without an inviter earns nobody anything.
    inviter = await d.quotaOf(ann);
    await d.epay.callback((await d.order(ann, AMOUNT)).out_trade_no);
    expect(await d.quotaOf(ann)).toBe(inviter + QUOTA);
  });
});
