import { once } from 'node:events';
import { Redis } from 'ioredis';
import { deleteKeys, TEST_REDIS_URL, testPrefix } from '../../../infra/redis/redis-testing';
import { type Charge, ledgerKeysOf } from './ledger-journal';
import { RedisLedgerJournal } from './redis-ledger-journal';
import { MAX_SETTLEMENTS_PER_CALL } from './settle-batches';

const charge = (userId: number, quota: number): Charge => ({
  userId,
  tokenId: null,
  channelId: 1,
  quota,
  log: `{"user":${userId}}`,
});

describe('settlements of one turn: one script call, each settled as if alone', () => {
  const prefix = testPrefix();
  let client: Redis;
  let journal: RedisLedgerJournal;
  let scriptCalls: number;

  beforeAll(async () => {
    client = new Redis(TEST_REDIS_URL);
    await once(client, 'ready');
    journal = new RedisLedgerJournal(client, prefix);
    // Counts the calls that reach Redis; each still runs the real script.
    const script = client as unknown as { tollgateSettle: (...args: unknown[]) => Promise<unknown> };
    const settle = script.tollgateSettle.bind(client);
    script.tollgateSettle = (...args) => {
      scriptCalls += 1;
      return settle(...args);
    };
  });
  beforeEach(async () => {
    scriptCalls = 0;
    await journal.acknowledge(await journal.entries(1_000));
  });
  afterAll(async () => {
    await deleteKeys(prefix);
    await client.quit();
  });

  const cache = async (userId: number, balance: number) => {
    const [key] = ledgerKeysOf({ userId, tokenId: null });
    await client.del(prefix + key);
    await journal.load(key, balance);
    return key;
  };

  it('sends the settlements of one turn in one call, handed over with its write', async () => {
    const key = await cache(1, 1_000);
    const settling = [10, 20, 30].map((quota) => journal.settle(null, [key], charge(1, quota)));
    expect(await journal.handedOver()).toBe(true);
    expect([scriptCalls, client.stream.writableLength]).toEqual([1, 0]);
    const settled = await Promise.all(settling);
    expect(settled.map(({ balances }) => balances)).toEqual([[990], [970], [940]]);
    expect((await journal.entries(10)).map((entry) => entry.quota)).toEqual([10, 20, 30]);
  });

  it(`splits a larger turn into calls of ${MAX_SETTLEMENTS_PER_CALL}`, async () => {
    const key = await cache(2, 1_000_000);
    const count = MAX_SETTLEMENTS_PER_CALL * 2 + 1;
    await Promise.all(Array.from({ length: count }, () => journal.settle(null, [key], charge(2, 1))));
    expect(scriptCalls).toBe(3);
    expect(Number(await client.get(prefix + key))).toBe(1_000_000 - count);
    expect(await journal.entries(1_000)).toHaveLength(count);
  });

  it('fails only the settlement Redis refuses; the others of its call apply', async () => {
    const good = await cache(3, 1_000);
    const [broken] = ledgerKeysOf({ userId: 4, tokenId: null });
    await client.set(prefix + broken, 'not a number');
    const outcomes = await Promise.allSettled([
      journal.settle(null, [good], charge(3, 100)),
      journal.settle(null, [broken], charge(4, 100)),
      journal.settle(null, [good], charge(3, 50)),
    ]);
    expect(scriptCalls).toBe(1);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/not an integer/);
    expect(Number(await client.get(prefix + good))).toBe(850);
    expect((await journal.entries(10)).map((entry) => entry.userId)).toEqual([3, 3]);
  });

  it('keeps a hold per settlement when its balances cover the keep factor', async () => {
    const key = await cache(5, 1_000);
    await journal.hold('a', [key], 100);
    await journal.hold('b', [key], 100);
    const [kept, closed] = await Promise.all([
      journal.settle('a', [key], charge(5, 40), 2),
      journal.settle('b', [key], charge(5, 40)),
    ]);
    // 'a' stays debited (100); 'b' is closed, its 60 unused given back: 1,000 − 100 − 40 − 40.
    expect([kept.kept, closed.kept]).toEqual([true, false]);
    expect(closed.balances).toEqual([820]);
    expect(await journal.release('a')).toEqual([920]);
  });
});
