import { once } from 'node:events';
import { Redis } from 'ioredis';
import { deleteKeys, TEST_REDIS_URL, testPrefix } from '../../../infra/redis/redis-testing';
import { ledgerKeysOf } from './ledger-journal';
import { RedisLedgerJournal } from './redis-ledger-journal';

describe('the journal in Redis', () => {
  const prefix = testPrefix();
  let client: Redis;
  let journal: RedisLedgerJournal;

  beforeAll(async () => {
    client = new Redis(TEST_REDIS_URL);
    await once(client, 'ready');
    journal = new RedisLedgerJournal(client, prefix);
  });
  afterAll(async () => {
    await deleteKeys(prefix);
    await client.quit();
  });

  const unsettledKey = `${prefix}ledger:unsettled`;
  // Every balance's unsettled sum, by its full balance key.
  const unsettled = async (): Promise<Record<string, string | null>> => {
    const keys = await client.keys(`${unsettledKey}:*`);
    const values = keys.length === 0 ? [] : await client.mget(...keys);
    return Object.fromEntries(keys.map((key, index) => [key.slice(unsettledKey.length + 1), values[index]]));
  };

  it('acknowledging takes each entry off the journal and off its user and token sums, once', async () => {
    const [user, token] = ledgerKeysOf({ userId: 7, tokenId: 70 });
    const [other] = ledgerKeysOf({ userId: 8, tokenId: null });
    for (const [key, balance] of [
      [user, 1_000],
      [token, 500],
      [other, 1_000],
    ] as const)
      await journal.load(key, balance);
    await journal.settle(null, [user, token], { userId: 7, tokenId: 70, channelId: 1, quota: 30, log: '{}' });
    await journal.settle(null, [other], { userId: 8, tokenId: null, channelId: 1, quota: 5, log: null });
    await journal.settle(null, [user, token], { userId: 7, tokenId: 70, channelId: 2, quota: 12, log: null });
    expect(await unsettled()).toEqual({
      [prefix + user]: '42',
      [prefix + token]: '42',
      [prefix + other]: '5',
    });

    const entries = await journal.entries(10);
    expect(entries.map(({ userId, tokenId, quota, log }) => [userId, tokenId, quota, log])).toEqual([
      [7, 70, 30, '{}'],
      [8, null, 5, null],
      [7, 70, 12, null],
    ]);
    // The first two, then all three (as after a lost reply): the repeated ones change nothing.
    await journal.acknowledge(entries.slice(0, 2));
    expect(await unsettled()).toEqual({ [prefix + user]: '12', [prefix + token]: '12' });
    await journal.acknowledge(entries);
    await journal.acknowledge(entries);
    expect(await unsettled()).toEqual({});
    expect(await journal.entries(10)).toEqual([]);
    // The cached balances are the journal's business no more: acknowledging never touches them.
    expect(await client.mget(prefix + user, prefix + token, prefix + other)).toEqual(['958', '458', '995']);
  });

  it('counts and moves in the sums an earlier version kept as fields of one hash (an upgrade rolling)', async () => {
    const [user, token] = ledgerKeysOf({ userId: 9, tokenId: 90 });
    // A replica of the earlier version held 40 for this payer, and its charge of 25 is not drained yet.
    await client.hset(unsettledKey, prefix + user, '65', prefix + token, '65');
    expect(await journal.load(user, 1_000)).toBe(935);
    expect(await journal.load(token, 500)).toBe(435);
    await journal.settle(null, [user, token], { userId: 9, tokenId: 90, channelId: 1, quota: 10, log: null });
    expect(await client.hgetall(unsettledKey)).toEqual({});
    expect(await unsettled()).toEqual({ [prefix + user]: '75', [prefix + token]: '75' });
    const entries = await journal.entries(10);
    await journal.acknowledge(entries);
    expect(await unsettled()).toEqual({ [prefix + user]: '65', [prefix + token]: '65' });
    expect(await client.mget(prefix + user, prefix + token)).toEqual(['925', '425']);
  });
});
