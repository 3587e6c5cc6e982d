import { type AddressInfo } from 'node:net';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { codeOf, payer } from './support/billing-factory';
import { type PaymentsDesk, startPaymentsDesk } from './support/payments-desk';
import { startTestApp, type TestApp } from './support/test-app';
import { uniquePrefix } from './support/test-databases';

const QUOTA = 1_500_000;

// Two replicas on one PostgreSQL database and one Redis prefix, as deployed behind a balancer: the gateway's
// retries of one payment land on both at once.
describe('online top-up across two replicas (full)', () => {
  let d: PaymentsDesk;
  let second: TestApp;
  let secondNotifyUrl: string;

  beforeAll(async () => {
    const redisPrefix = uniquePrefix();
    d = await startPaymentsDesk('full', { redisPrefix });
    second = await startTestApp('full', { databaseUrl: d.t.config.databaseUrl, redisPrefix });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (second.app.getHttpServer().address() as AddressInfo).port;
    secondNotifyUrl = `http://127.0.0.1:${port}/api/user/epay/notify`;
  });
  afterAll(async () => {
    await second.close();
    await d.close();
  });

  it('credits once when ten identical callbacks reach both replicas at once, and both see the balance', async () => {
    const [ann] = d.users;
    const ledgers = [d.t.app, second.app].map((app) => app.get(QuotaLedger));
    await d.sql(`UPDATE users SET quota = 1000 WHERE id = ${ann.id}`);
    const before = await d.quotaOf(ann);
    // Cached on the shared store before the payment, so the credit must be added to it, once.
    await ledgers[1].refund(await ledgers[1].reserve(payer(ann.id, null), 1));
    const order = await d.order(ann, 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        d.epay.callback(order.out_trade_no, {
          method: i % 3 === 0 ? 'POST' : 'GET',
          notifyUrl: i % 2 === 0 ? undefined : secondNotifyUrl,
        }),
      ),
    );
    expect(answers).toEqual(Array<string>(10).fill('success'));
    expect(await d.quotaOf(ann)).toBe(before + QUOTA);
    const logs = await d.sql(`SELECT id FROM logs WHERE user_id = ${ann.id} AND type = 1`);
    expect(logs).toHaveLength(1);
    expect((await d.orders()).map((row) => row.status)).toEqual(['success']);
    for (const ledger of ledgers) {
      expect(await codeOf(ledger.reserve(payer(ann.id, null), before + QUOTA + 1))).toBe(
        'insufficient_user_quota',
      );
    }
    await ledgers[0].refund(await ledgers[0].reserve(payer(ann.id, null), before + QUOTA));
  });
});
