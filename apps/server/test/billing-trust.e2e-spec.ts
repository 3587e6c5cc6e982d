import pino from 'pino';
import { createHttpApp } from '../src/bootstrap';
import { AppError } from '../src/common/errors/app-error';
import { type Payer, type Reservation } from '../src/modules/billing/billing.types';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { billingFactory, payer } from './support/billing-factory';
import { BACKENDS, startTestApp, type TestApp } from './support/test-app';

// 10 × QuotaPerUnit (500000 by default): reference §3.4 step 4.
const THRESHOLD = 5_000_000;

/** One finished call, so the ledger has seen the balance (trust is only tried on a known balance). */
async function warmUp(ledger: QuotaLedger, who: Payer): Promise<void> {
  await ledger.settle(await ledger.reserve(who, 1), 1, 0);
}

async function concurrentReservations(ledger: QuotaLedger, who: Payer, count: number, amount: number) {
  const outcomes = await Promise.allSettled(Array.from({ length: count }, () => ledger.reserve(who, amount)));
  const admitted = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const refusals = outcomes.flatMap((outcome) =>
    outcome.status === 'rejected' ? [(outcome.reason as AppError).code] : [],
  );
  return { admitted, refusals, trusted: admitted.filter((reservation) => reservation.amount === 0) };
}

const settleAll = (ledger: QuotaLedger, reservations: Reservation[], actual: number) =>
  Promise.all(reservations.map((reservation) => ledger.settle(reservation, actual, 0)));

describe.each(BACKENDS)('billing: the trust shortcut (%s)', (backend) => {
  let t: TestApp;
  let ledger: QuotaLedger;
  let make: ReturnType<typeof billingFactory>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    ledger = t.app.get(QuotaLedger);
    make = billingFactory(t);
  });
  afterAll(() => t.close());

  it('skips the reservation above the threshold and charges the whole cost at settlement', async () => {
    const userId = await make.user(THRESHOLD + 1_000_000);
    const tokenId = await make.token(userId, 0, true);
    await warmUp(ledger, payer(userId, tokenId, true));
    const trusted = await ledger.reserve(payer(userId, tokenId, true), 20_000);
    expect(trusted.amount).toBe(0);
    await ledger.settle(trusted, 30_000, 0);
    await ledger.flush();
    expect(await make.userRow(userId)).toMatchObject({
      quota: THRESHOLD + 1_000_000 - 1 - 30_000,
      usedQuota: 30_001,
      requestCount: 2,
    });
    expect(await make.tokenRow(tokenId)).toMatchObject({ remainQuota: -30_001, usedQuota: 30_001 });
  });

  it('reserves when the estimate would take the user to the threshold', async () => {
    const userId = await make.user(THRESHOLD + 10_001);
    await warmUp(ledger, payer(userId));
    const reserved = await ledger.reserve(payer(userId), 10_000);
    expect(reserved.amount).toBe(10_000);
    await ledger.settle(reserved, 10_000, 0);
    expect((await ledger.reserve(payer(userId), 1)).amount).toBe(1);
  });

  it('reserves for a rich user whose limited token is not above the threshold', async () => {
    const userId = await make.user(THRESHOLD * 4);
    const poorToken = await make.token(userId, THRESHOLD);
    const richToken = await make.token(userId, THRESHOLD * 2);
    await warmUp(ledger, payer(userId, poorToken));
    await warmUp(ledger, payer(userId, richToken));
    const reserved = await ledger.reserve(payer(userId, poorToken), 5_000);
    expect(reserved.amount).toBe(5_000);
    await ledger.settle(reserved, 4_000, 0);
    const trusted = await ledger.reserve(payer(userId, richToken), 5_000);
    expect(trusted.amount).toBe(0);
    await ledger.settle(trusted, 4_000, 0);
    await ledger.flush();
    expect((await make.tokenRow(poorToken)).remainQuota).toBe(THRESHOLD - 1 - 4_000);
    expect((await make.tokenRow(richToken)).remainQuota).toBe(THRESHOLD * 2 - 1 - 4_000);
    expect((await make.userRow(userId)).quota).toBe(THRESHOLD * 4 - 2 - 8_000);
  });

  it('trusts one call per payer at a time and frees the slot on settle or refund', async () => {
    const userId = await make.user(THRESHOLD * 2);
    await warmUp(ledger, payer(userId));
    const first = await ledger.reserve(payer(userId), 1_000);
    const second = await ledger.reserve(payer(userId), 1_000);
    expect([first.amount, second.amount]).toEqual([0, 1_000]);
    await ledger.refund(first);
    const third = await ledger.reserve(payer(userId), 1_000);
    expect(third.amount).toBe(0);
    await ledger.settle(third, 500, 0);
    await ledger.settle(second, 500, 0);
    // A settlement may return once handed over to Redis; its slot is freed when Redis answers, which the
    // flush's later commands on the same connection wait for.
    await ledger.flush();
    expect((await ledger.reserve(payer(userId), 1_000)).amount).toBe(0);
    expect(await make.userRow(userId)).toMatchObject({ quota: THRESHOLD * 2 - 1 - 1_000, requestCount: 3 });
  });

  it('overspends by at most one call when a user just above the threshold calls concurrently', async () => {
    const start = THRESHOLD + 300_000;
    const estimate = 200_000;
    const userId = await make.user(start);
    await warmUp(ledger, payer(userId));
    const { admitted, refusals, trusted } = await concurrentReservations(ledger, payer(userId), 40, estimate);
    expect(trusted).toHaveLength(1);
    expect(new Set(refusals)).toEqual(new Set(['insufficient_user_quota']));
    // The reservations took what the balance held; the trusted call comes on top of them.
    expect(admitted).toHaveLength(1 + Math.floor((start - 1) / estimate));
    await settleAll(ledger, admitted, estimate);
    await ledger.flush();
    const { quota } = await make.userRow(userId);
    expect(quota).toBe(start - 1 - admitted.length * estimate);
    expect(quota).toBeGreaterThanOrEqual(-estimate);
  });
});

describe('billing: the trust shortcut across replicas (full)', () => {
  it('lets only one trusted call of a payer run among all replicas', async () => {
    const first = await startTestApp('full');
    const second = await createHttpApp(first.config, pino({ level: 'silent' }));
    try {
      const make = billingFactory(first);
      const userId = await make.user(THRESHOLD + 2_000_000);
      const ledgers = [first.app.get(QuotaLedger), second.get(QuotaLedger)];
      await Promise.all(ledgers.map((ledger) => warmUp(ledger, payer(userId))));
      const rounds = await Promise.all(
        ledgers.map((ledger) => concurrentReservations(ledger, payer(userId), 10, 1_000)),
      );
      expect(rounds.flatMap((round) => round.trusted)).toHaveLength(1);
      expect(rounds.flatMap((round) => round.admitted)).toHaveLength(20);
      await Promise.all(rounds.map((round, index) => settleAll(ledgers[index], round.admitted, 1_000)));
      await Promise.all(ledgers.map((ledger) => ledger.flush()));
      expect((await make.userRow(userId)).quota).toBe(THRESHOLD + 2_000_000 - 2 - 20_000);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it("keeps a settled call's slot a second for the payer's next call, and frees it at shutdown", async () => {
    const first = await startTestApp('full');
    const [keeperApp, otherApp] = await Promise.all(
      [0, 1].map(() => createHttpApp(first.config, pino({ level: 'silent' }))),
    );
    try {
      const make = billingFactory(first);
      const userId = await make.user(THRESHOLD * 2);
      const [keeper, other, later] = [keeperApp, otherApp, first.app].map((app) => app.get(QuotaLedger));
      await Promise.all([keeper, other, later].map((ledger) => warmUp(ledger, payer(userId))));
      const kept = await keeper.reserve(payer(userId), 1_000);
      await keeper.settle(kept, 1_000, 0);
      await keeper.settled(5_000); // the slot is freed (and kept) once Redis has answered the settlement
      // The slot is still claimed: another replica reserves; this one's next call is trusted again.
      const elsewhere = await other.reserve(payer(userId), 1_000);
      const again = await keeper.reserve(payer(userId), 1_000);
      expect([kept.amount, elsewhere.amount, again.amount]).toEqual([0, 1_000, 0]);
      await Promise.all([keeper.settle(again, 1_000, 0), other.settle(elsewhere, 1_000, 0)]);

      await keeperApp.close();
      const freed = await later.reserve(payer(userId), 1_000);
      expect(freed.amount).toBe(0);
      await later.settle(freed, 1_000, 0);
      await Promise.all([other.flush(), later.flush()]);
      expect((await make.userRow(userId)).quota).toBe(THRESHOLD * 2 - 3 - 4_000);
    } finally {
      await Promise.all([keeperApp.close(), otherApp.close()]);
      await first.close();
    }
  });
});
