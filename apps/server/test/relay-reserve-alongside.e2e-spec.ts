import { setTimeout as sleep } from 'node:timers/promises';
import { CacheStore } from '../src/infra/redis/redis.ports';
import { waitFor } from '../src/infra/redis/redis-testing';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { billingFactory, payer } from './support/billing-factory';
import { startPrivateRedis, type PrivateRedis } from './support/private-redis';
import { startRelayGateway, type RelayGateway } from './support/relay-gateway';
import { startTestApp, type TestApp } from './support/test-app';

// An ordinary payer (under 10 × QuotaPerUnit, so every call reserves) whose balance covers a call many times.
const QUOTA = 2_000_000;
// Shorter than the command timeout (1 s): the frozen Redis must answer the hold once thawed.
const FROZEN_MS = 300;

// An ordinary payer's reservation no longer precedes the upstream request when the balance this replica last
// saw covers the call many times over: both travel at once, and the caller is answered only once the
// reservation holds. A call right after the payer's last one needs no reservation: it takes the hold that one
// kept. A refused one (another replica spent the balance meanwhile) answers the refusal, charges
// nothing, and the next call waits for its reservation again.
describe('relay: the reservation travels alongside the upstream request (full)', () => {
  let redis: PrivateRedis;
  let gateway: RelayGateway;
  let other: TestApp;
  let make: ReturnType<typeof billingFactory>;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    const shared = { redisUrl: redis.url, redisPrefix: 'alongside:' };
    gateway = await startRelayGateway('full', {}, shared);
    await gateway.addChannel({ models: 'gpt-4o-mini' });
    // A second replica on the same database and Redis.
    other = await startTestApp('full', { ...shared, databaseUrl: gateway.t.config.databaseUrl });
    make = billingFactory(gateway.t);
  });
  afterAll(async () => {
    try {
      redis.resume();
      await other.close();
      await gateway.close();
    } finally {
      await redis.kill();
    }
  });

  async function ordinaryPayer(name: string) {
    const who = await gateway.newUser(name, { quota: QUOTA });
    const token = await gateway.createToken(who);
    const client = gateway.openai(token.key);
    const ask = () =>
      client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    // The first call waits for its reservation (nothing seen yet) and shows this replica the balance.
    await ask();
    return { id: who.id, ask };
  }

  async function booksOf(userId: number) {
    await gateway.flush();
    await other.app.get(QuotaLedger).flush();
    const { quota, usedQuota, requestCount } = await make.userRow(userId);
    return { quota, usedQuota, requestCount };
  }

  /** Until the hold the payer's last call kept (KeptHolds) is given back: the cache says what the database does. */
  async function holdsGivenBack(userId: number) {
    const cache = gateway.t.app.get(CacheStore);
    await waitFor('the kept hold given back', async () => {
      const { quota } = await booksOf(userId);
      return (await cache.get(`quota:user:${userId}`)) === String(quota);
    });
  }

  it("takes the hold the payer's last call kept: answered while Redis is frozen, charged once it thaws", async () => {
    const dave = await ordinaryPayer('dave');
    // Its settlement's answer, which says the hold was kept, may follow the answer to the caller.
    await gateway.t.app.get(QuotaLedger).settled(5_000);
    const before = gateway.mock.requests().length;
    redis.pause();
    try {
      await expect(dave.ask()).resolves.toMatchObject({ object: 'chat.completion' });
      expect(gateway.mock.requests().length).toBe(before + 1);
    } finally {
      redis.resume();
    }
    await holdsGivenBack(dave.id);
    const row = await booksOf(dave.id);
    expect(row.requestCount).toBe(2);
    expect(row.quota + row.usedQuota).toBe(QUOTA);
  });

  it('sends the upstream request before Redis answers the hold, and answers only once it holds', async () => {
    const bob = await ordinaryPayer('bob');
    await holdsGivenBack(bob.id);
    const before = gateway.mock.requests().length;
    let answered = false;
    redis.pause();
    let asking: Promise<unknown>;
    try {
      asking = bob.ask().then((answer) => {
        answered = true;
        return answer;
      });
      await waitFor('the upstream request', () => gateway.mock.requests().length > before);
      await sleep(FROZEN_MS);
      expect(answered).toBe(false);
    } finally {
      redis.resume();
    }
    await expect(asking).resolves.toMatchObject({ object: 'chat.completion' });
    const row = await booksOf(bob.id);
    expect(row.requestCount).toBe(2);
    expect(row.usedQuota).toBeGreaterThan(0);
    expect(row.quota + row.usedQuota).toBe(QUOTA);
  });

  it('answers a refusal when another replica spent the balance meanwhile, and charges nothing', async () => {
    const carol = await ordinaryPayer('carol');
    await holdsGivenBack(carol.id);
    const spent = await booksOf(carol.id);
    // The other replica holds all of it: this replica still remembers the balance as large.
    const otherLedger = other.app.get(QuotaLedger);
    const held = await otherLedger.reserve(payer(carol.id), spent.quota);
    const before = gateway.mock.requests().length;

    await expect(carol.ask()).rejects.toMatchObject({ status: 403 });
    // It went upstream alongside its reservation, and was cut off when that was refused.
    expect(gateway.mock.requests().length).toBe(before + 1);
    // Now this replica knows the balance is short: the next call waits for its reservation, and never leaves.
    await expect(carol.ask()).rejects.toMatchObject({ status: 403 });
    expect(gateway.mock.requests().length).toBe(before + 1);

    await otherLedger.refund(held);
    expect(await booksOf(carol.id)).toEqual(spent);
    await expect(carol.ask()).resolves.toMatchObject({ object: 'chat.completion' });
  });
});
