import { randomBytes } from 'node:crypto';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { UsersService } from '../src/modules/users/users.service';
import { billingFactory, codeOf, payer } from './support/billing-factory';
import { startTestApp, type TestApp } from './support/test-app';

// Two processes on one database and one Redis: the production shape with several replicas.
describe('billing ledger across replicas (full)', () => {
  let first: TestApp;
  let second: TestApp;

  // Each process drains the shared journal every second; an edit computes its difference from the row as
  // stored, so a drain between a spend and an edit would change what the edit adds. The drains are held while
  // each test runs (they call flush() where the test writes) and let go before the apps close.
  let drains: jest.SpyInstance[] = [];

  beforeAll(async () => {
    const redisPrefix = `replicas-${randomBytes(4).toString('hex')}:`;
    first = await startTestApp('full', { redisPrefix });
    second = await startTestApp('full', { databaseUrl: first.config.databaseUrl, redisPrefix });
    drains = [first, second].map((app) => {
      const { drain } = app.app.get<QuotaLedger, { drain: { flushQuietly(): Promise<void> } }>(QuotaLedger);
      return jest.spyOn(drain, 'flushQuietly').mockResolvedValue(undefined);
    });
  });
  afterAll(async () => {
    for (const drain of drains) drain.mockRestore();
    await second.close();
    await first.close();
  });

  it("adds admin edits and top-ups to the shared balance, keeping the other replica's unwritten spend", async () => {
    const root = await first.setupRoot();
    const make = billingFactory(first);
    const userId = await make.user(10_000);
    const spender = second.app.get(QuotaLedger);
    // Spent on the second replica and not yet written: only the shared balance knows it.
    await spender.settle(await spender.reserve(payer(userId), 3_000), 3_000, 0);

    const edit = await first.http().put('/api/user/').set(root.headers).send({ id: userId, quota: 10_500 });
    expect(edit.body).toMatchObject({ success: true });
    await first.app.get(UsersService).addQuota(userId, 1_000);

    // 10,000 − 3,000 spent + 500 edited + 1,000 topped up.
    const ledger = first.app.get(QuotaLedger);
    expect(await codeOf(ledger.reserve(payer(userId), 8_501))).toBe('insufficient_user_quota');
    await ledger.settle(await ledger.reserve(payer(userId), 8_500), 8_500, 0);
    await Promise.all([ledger.flush(), spender.flush()]);
    expect(await make.userRow(userId)).toMatchObject({ quota: 0, usedQuota: 11_500, requestCount: 2 });
  });

  it("applies a token's new remaining quota as a difference, keeping the other replica's unwritten spend", async () => {
    const make = billingFactory(first);
    const userId = await make.user(100_000);
    const owner = await first.signIn((await make.userRow(userId)).username, 'password-123');
    const created = await first
      .http()
      .post('/api/token/')
      .set(owner.headers)
      .send({ name: 'limited', remain_quota: 5_000 });
    const tokenId = (created.body as { data: Array<{ id: number }> }).data[0].id;
    const spender = second.app.get(QuotaLedger);
    await spender.settle(await spender.reserve(payer(userId, tokenId), 1_000), 1_000, 0);

    const edit = await first
      .http()
      .put('/api/token/')
      .set(owner.headers)
      .send({ id: tokenId, name: 'raised', remain_quota: 6_000 });
    expect(edit.body).toMatchObject({ success: true, data: { name: 'raised' } });
    // The row as stored: the other replica's 1,000 is not written yet.
    expect((edit.body as { data: { remain_quota: number } }).data.remain_quota).toBe(6_000);

    // 5,000 − 1,000 spent + 1,000 added by the edit.
    const ledger = first.app.get(QuotaLedger);
    expect(await codeOf(ledger.reserve(payer(userId, tokenId), 5_001))).toBe(
      'pre_consume_token_quota_failed',
    );
    await ledger.settle(await ledger.reserve(payer(userId, tokenId), 5_000), 5_000, 0);
    await Promise.all([ledger.flush(), spender.flush()]);
    expect(await make.tokenRow(tokenId)).toMatchObject({ remainQuota: 0, usedQuota: 6_000 });
  });
});
