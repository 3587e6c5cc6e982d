import { once } from 'node:events';
import { Redis } from 'ioredis';
import { deleteKeys, TEST_REDIS_URL, testPrefix } from '../../../infra/redis/redis-testing';
import { ledgerKeysOf } from './ledger-journal';
import { RedisLedgerJournal } from './redis-ledger-journal';

describe('acknowledging drained charges', () => {
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

  const unsettled = async () => await client.hgetall(`${prefix}ledger:unsettled`);

  it('takes each entry off the journal and off its user and token sums, once', async () => {
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
});
