import { once } from 'node:events';
import { Redis } from 'ioredis';
import { handedOver, oneWritePerTurn } from './socket-batching';
import { deleteKeys, TEST_REDIS_URL, testPrefix } from './redis-testing';

describe('one socket write per turn, and knowing a command has left the process', () => {
  const prefix = testPrefix();
  let client: Redis;

  beforeAll(async () => {
    client = new Redis(TEST_REDIS_URL);
    await once(client, 'ready');
  });
  afterAll(async () => {
    await deleteKeys(prefix);
    await client.quit();
  });

  it('knows the commands of a held turn left in its one write, before any reply is read', async () => {
    let replies = 0;
    oneWritePerTurn(client);
    const sent = [1, 2, 3].map((n) => client.set(`${prefix}k${n}`, String(n)).then(() => (replies += 1)));
    expect(client.stream.writableLength).toBeGreaterThan(0);
    expect(await handedOver(client)).toBe(true);
    expect([client.stream.writableLength, replies]).toEqual([0, 0]);
    await Promise.all(sent);
    expect(await client.mget(`${prefix}k1`, `${prefix}k2`, `${prefix}k3`)).toEqual(['1', '2', '3']);
  });

  it('knows a command written outside a held turn left at once', async () => {
    const sent = client.set(`${prefix}alone`, 'v');
    expect(await handedOver(client)).toBe(true);
    await sent;
  });

  it('is not sure of a write the kernel could not take at once', async () => {
    oneWritePerTurn(client);
    const big = client.set(`${prefix}big`, 'x'.repeat(16 * 2 ** 20));
    expect(await handedOver(client)).toBe(false);
    await big;
  });

  it('is not sure without a connection (commands would wait in memory)', async () => {
    const idle = new Redis(TEST_REDIS_URL, { lazyConnect: true });
    expect(await handedOver(idle)).toBe(false);
    idle.disconnect();
  });
});
