import pino from 'pino';
import { createHttpApp } from '../src/bootstrap';
import { type AppError } from '../src/common/errors/app-error';
import { CacheStore } from '../src/infra/redis/redis.ports';
import { MAX_KEPT_PER_PAYER } from '../src/modules/billing/kept-holds';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { TokensService } from '../src/modules/tokens/tokens.service';
import { UsersService } from '../src/modules/users/users.service';
import { billingFactory, codeOf, payer } from './support/billing-factory';
import { createPostgresDatabase } from './support/test-databases';
import { BACKENDS, startTestApp, type TestApp } from './support/test-app';

describe.each(BACKENDS)('billing ledger (%s)', (backend) => {
  let t: TestApp;
  let ledger: QuotaLedger;
  let make: ReturnType<typeof billingFactory>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    ledger = t.app.get(QuotaLedger);
    make = billingFactory(t);
  });
  afterAll(() => t.close());

  it('reserves, settles to the exact cost and writes user, token and channel counters', async () => {
    const userId = await make.user(10_000);
    const tokenId = await make.token(userId, 5_000);
    const channelId = await make.channel();
    const reservation = await ledger.reserve(payer(userId, tokenId), 1_000);
    expect(reservation.amount).toBe(1_000);
    await ledger.settle(reservation, 600, channelId);
    await ledger.refund(await ledger.reserve(payer(userId, tokenId), 500));
    await ledger.flush();
    expect(await make.userRow(userId)).toMatchObject({ quota: 9_400, usedQuota: 600, requestCount: 1 });
    expect(await make.tokenRow(tokenId)).toMatchObject({ remainQuota: 4_400, usedQuota: 600 });
    expect((await make.channelRow(channelId)).usedQuota).toBe(600);
  });

  it('applies one drained batch of many payers and channels row by row, each its own sum', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => make.user(100_000)));
    const tokens = await Promise.all(users.map((userId) => make.token(userId, 50_000)));
    const channels = await Promise.all([1, 2, 3].map(() => make.channel()));
    const bystander = await make.user(100_000);
    // Payer i makes i + 1 calls costing 10 × (i + 1) each, spread over the channels.
    const settled: Array<Promise<void>> = [];
    users.forEach((userId, index) => {
      for (let call = 0; call <= index; call++)
        settled.push(
          ledger
            .reserve(payer(userId, tokens[index]), 100)
            .then((held) => ledger.settle(held, 10 * (index + 1), channels[call % 3])),
        );
    });
    await Promise.all(settled);
    await ledger.flush();
    for (const [index, userId] of users.entries()) {
      const spent = (index + 1) * 10 * (index + 1);
      expect(await make.userRow(userId)).toMatchObject({
        quota: 100_000 - spent,
        usedQuota: spent,
        requestCount: index + 1,
      });
      expect(await make.tokenRow(tokens[index])).toMatchObject({
        remainQuota: 50_000 - spent,
        usedQuota: spent,
      });
    }
    // Channel k took call k, k + 3, … of every payer with that many calls.
    const channelSums = [0, 0, 0];
    users.forEach((_, index) => {
      for (let call = 0; call <= index; call++) channelSums[call % 3] += 10 * (index + 1);
    });
    for (const [index, channelId] of channels.entries())
      expect((await make.channelRow(channelId)).usedQuota).toBe(channelSums[index]);
    expect(await make.userRow(bystander)).toMatchObject({ quota: 100_000, usedQuota: 0, requestCount: 0 });
  });

  it('charges more than the reservation when the call cost more', async () => {
    const userId = await make.user(10_000);
    const tokenId = await make.token(userId, 10_000);
    await ledger.settle(await ledger.reserve(payer(userId, tokenId), 100), 2_500, 0);
    await ledger.flush();
    expect(await make.userRow(userId)).toMatchObject({ quota: 7_500, usedQuota: 2_500 });
    expect(await make.tokenRow(tokenId)).toMatchObject({ remainQuota: 7_500 });
  });

  it('ignores a second settle or refund of the same reservation', async () => {
    const userId = await make.user(1_000);
    const reservation = await ledger.reserve(payer(userId, null), 300);
    await ledger.settle(reservation, 300, 0);
    await ledger.refund(reservation);
    await ledger.settle(reservation, 300, 0);
    await ledger.flush();
    expect(await make.userRow(userId)).toMatchObject({ quota: 700, usedQuota: 300, requestCount: 1 });
  });

  it('refuses a user short of quota, or at zero even for a free call, and changes nothing', async () => {
    const userId = await make.user(100);
    expect(await codeOf(ledger.reserve(payer(userId, null), 101))).toBe('insufficient_user_quota');
    const broke = await make.user(0);
    expect(await codeOf(ledger.reserve(payer(broke, null), 0))).toBe('insufficient_user_quota');
    await ledger.flush();
    expect((await make.userRow(userId)).quota).toBe(100);
    // The whole balance is still there to reserve.
    await ledger.refund(await ledger.reserve(payer(userId, null), 100));
  });

  it('refuses a token short of quota and gives the user debit back', async () => {
    const userId = await make.user(10_000);
    const short = await make.token(userId, 50);
    const empty = await make.token(userId, 0);
    expect(await codeOf(ledger.reserve(payer(userId, short), 100))).toBe('pre_consume_token_quota_failed');
    expect(await codeOf(ledger.reserve(payer(userId, empty), 100))).toBe('insufficient_token_quota');
    const all = await ledger.reserve(payer(userId, null), 10_000);
    await ledger.refund(all);
    await ledger.flush();
    expect((await make.userRow(userId)).quota).toBe(10_000);
    expect((await make.tokenRow(short)).remainQuota).toBe(50);
  });

  it('does not check an unlimited token but still counts its use', async () => {
    const userId = await make.user(1_000);
    const tokenId = await make.token(userId, 0, true);
    await ledger.settle(await ledger.reserve(payer(userId, tokenId, true), 200), 150, 0);
    await ledger.flush();
    expect(await make.tokenRow(tokenId)).toMatchObject({ remainQuota: -150, usedQuota: 150 });
  });

  it('never overspends under 50 concurrent reservations on a budget of 10', async () => {
    const userId = await make.user(1_000);
    const tokenId = await make.token(userId, 100_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => ledger.reserve(payer(userId, tokenId), 100)),
    );
    const won = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(won).toHaveLength(10);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused.every((outcome) => (outcome.reason as AppError).code === 'insufficient_user_quota')).toBe(
      true,
    );
    await Promise.all(won.map((reservation) => ledger.settle(reservation, 100, 0)));
    await ledger.flush();
    expect(await make.userRow(userId)).toMatchObject({ quota: 0, usedQuota: 1_000, requestCount: 10 });
  });

  it('holds a token budget under concurrency too', async () => {
    const userId = await make.user(1_000_000);
    const tokenId = await make.token(userId, 1_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => ledger.reserve(payer(userId, tokenId), 100)),
    );
    const won = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(won).toHaveLength(10);
    await expect(codeOf(ledger.reserve(payer(userId, tokenId), 1))).resolves.toBe('insufficient_token_quota');
    // Holds stay off the database; the settled charges reach it.
    await Promise.all(won.map((reservation) => ledger.settle(reservation, 100, 0)));
    await ledger.flush();
    expect((await make.tokenRow(tokenId)).remainQuota).toBe(0);
    expect((await make.userRow(userId)).quota).toBe(1_000_000 - 1_000);
  });

  // Each would otherwise stay debited a second, then go back by a script of its own, all in the same moment.
  it('keeps at most MAX_KEPT_PER_PAYER holds when a burst of calls of one payer ends at once', async () => {
    const userId = await make.user(1_000_000);
    const calls = MAX_KEPT_PER_PAYER * 3;
    const reservations = await Promise.all(
      Array.from({ length: calls }, () => ledger.reserve(payer(userId, null), 100)),
    );
    await Promise.all(reservations.map((reservation) => ledger.settle(reservation, 100, 0)));
    await ledger.settled(5_000);
    // Every call charged; what the cache holds beyond that is the kept holds (given back a second later). The
    // embedded journal keeps none: holding again costs no round trip there.
    const kept = 1_000_000 - calls * 100 - Number(await t.app.get(CacheStore).get(`quota:user:${userId}`));
    expect(kept > 0).toBe(backend === 'full');
    expect(kept).toBeLessThanOrEqual(MAX_KEPT_PER_PAYER * 100);
    await ledger.flush();
    expect(await make.userRow(userId)).toMatchObject({ quota: 1_000_000 - calls * 100, requestCount: calls });
  });

  it('makes no database query per call in steady state', async () => {
    const userId = await make.user(1_000_000);
    const tokenId = await make.token(userId, 1_000_000);
    await ledger.settle(await ledger.reserve(payer(userId, tokenId), 10), 10, 0);
    await ledger.flush();
    const queries = jest.spyOn(make.data.logger, 'logQuery');
    try {
      for (let call = 0; call < 50; call += 1) {
        const reservation = await ledger.reserve(payer(userId, tokenId), 100);
        if (call % 5 === 0) await ledger.refund(reservation);
        else await ledger.settle(reservation, 80, 0);
      }
      // The journal's drain may run during the loop (a busy machine): one transaction moving its cursor.
      // Nothing else may run.
      const batchWrite =
        /^(START TRANSACTION|BEGIN TRANSACTION|COMMIT|(RELEASE )?SAVEPOINT|UPDATE "(users|tokens|channels|ledger_cursors)"|INSERT INTO "(ledger_cursors|logs)")/;
      expect(queries.mock.calls.map(([sql]) => sql).filter((sql) => !batchWrite.test(sql))).toEqual([]);
      await ledger.flush();
      expect(queries).toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
    expect(await make.userRow(userId)).toMatchObject({ quota: 1_000_000 - 10 - 40 * 80, requestCount: 41 });
  });

  // The drain runs every second; five give a busy host room and still fail a drain that never runs.
  it('writes the database within seconds without an explicit flush', async () => {
    const userId = await make.user(5_000);
    await ledger.settle(await ledger.reserve(payer(userId, null), 100), 100, 0);
    const started = Date.now();
    while ((await make.userRow(userId)).quota !== 4_900 && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await make.userRow(userId)).quota).toBe(4_900);
  });

  it('adds a top-up to the cached balance as soon as it is written', async () => {
    const userId = await make.user(100);
    await ledger.settle(await ledger.reserve(payer(userId, null), 100), 60, 0);
    await t.app.get(UsersService).addQuota(userId, 900);
    expect(await codeOf(ledger.reserve(payer(userId, null), 941))).toBe('insufficient_user_quota');
    await ledger.settle(await ledger.reserve(payer(userId, null), 940), 940, 0);
    await ledger.flush();
    expect((await make.userRow(userId)).quota).toBe(0);
  });

  it("re-reads a token's balance when it is switched to unlimited and back", async () => {
    const userId = await make.user(100_000);
    const tokens = t.app.get(TokensService);
    const [{ token }] = await tokens.create(userId, { name: 'switch', remain_quota: 5_000 });
    await ledger.settle(await ledger.reserve(payer(userId, token.id), 100), 100, 0);
    await tokens.update(userId, token.id, { unlimited_quota: true });
    // Unlimited: its remaining quota still counts down, but no balance is kept for it.
    await ledger.settle(await ledger.reserve(payer(userId, token.id, true), 1_000), 1_000, 0);
    await tokens.update(userId, token.id, { unlimited_quota: false });
    expect(await codeOf(ledger.reserve(payer(userId, token.id), 3_901))).toBe(
      'pre_consume_token_quota_failed',
    );
    await ledger.refund(await ledger.reserve(payer(userId, token.id), 3_900));
  });

  it('reloads a dropped balance from the database plus what is not written yet', async () => {
    const userId = await make.user(1_000);
    await ledger.settle(await ledger.reserve(payer(userId, null), 300), 300, 0);
    await ledger.invalidateUser(userId);
    expect(await codeOf(ledger.reserve(payer(userId, null), 701))).toBe('insufficient_user_quota');
    await ledger.refund(await ledger.reserve(payer(userId, null), 700));
  });
});

describe.each(BACKENDS)('billing ledger across a restart (%s)', (backend) => {
  it('flushes at shutdown and a new process bills from the stored balances', async () => {
    const database = backend === 'full' ? await createPostgresDatabase() : null;
    const first = await startTestApp(backend, { databaseUrl: database?.url });
    try {
      const make = billingFactory(first);
      const userId = await make.user(2_000);
      const tokenId = await make.token(userId, 1_500);
      const ledger = first.app.get(QuotaLedger);
      await ledger.settle(await ledger.reserve(payer(userId, tokenId), 500), 400, 0);
      // In flight when the process stops: never answered, so its hold is given back.
      await ledger.reserve(payer(userId, tokenId), 100);
      await first.app.close();

      const second = await createHttpApp(first.config, pino({ level: 'silent' }));
      try {
        const again = billingFactory({ ...first, app: second });
        expect(await again.userRow(userId)).toMatchObject({ quota: 1_600, usedQuota: 400, requestCount: 1 });
        expect((await again.tokenRow(tokenId)).remainQuota).toBe(1_100);
        const next = second.get(QuotaLedger);
        expect(await codeOf(next.reserve(payer(userId, tokenId), 1_101))).toBe(
          'pre_consume_token_quota_failed',
        );
        await next.settle(await next.reserve(payer(userId, tokenId), 1_100), 1_100, 0);
        await next.flush();
        expect((await again.userRow(userId)).quota).toBe(500);
      } finally {
        await second.close();
      }
    } finally {
      await database?.drop();
    }
  });
});
