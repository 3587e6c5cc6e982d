import { setTimeout as sleep } from 'node:timers/promises';
import { openPort, openTestRedis } from '../../../test/support/redis-ports';
import { IoredisCacheStore } from './ioredis-cache-store';
import { MemoryCacheStore } from './memory-cache-store';
import { TEST_BACKENDS } from './redis-testing';
import { type CacheStore } from './redis.ports';

describe.each(TEST_BACKENDS)('CacheStore (%s)', (backend) => {
  let cache: CacheStore;
  let close: () => Promise<void>;

  beforeAll(() => {
    ({ port: cache, close } = openPort<CacheStore>(backend, {
      memory: () => new MemoryCacheStore(),
      redis: (command, prefix) => new IoredisCacheStore(command, prefix),
    }));
  });
  afterAll(() => close());

  it('answers ping', async () => {
    await expect(cache.ping()).resolves.toBeUndefined();
  });

  it('sets, overwrites and reads values; a missing key reads null', async () => {
    expect(await cache.get('greeting')).toBeNull();
    await cache.set('greeting', 'hello');
    await cache.set('greeting', 'hi');
    expect(await cache.get('greeting')).toBe('hi');
  });

  it('expires keys after their TTL, keeps the others, and starts a counter window at its first increment', async () => {
    await cache.set('short', 'v', 1);
    await cache.set('forever', 'v');
    await cache.set('was-short', 'v', 1);
    await cache.set('was-short', 'v2');
    expect(await cache.incrBy('window', 1, 1)).toBe(1);
    await sleep(500);
    // A later increment with a TTL must not push the window's end out.
    expect(await cache.incrBy('window', 1, 1)).toBe(2);
    expect(await cache.get('short')).toBe('v');
    await sleep(650);
    expect(await cache.get('short')).toBeNull();
    expect(await cache.get('window')).toBeNull();
    expect(await cache.get('forever')).toBe('v');
    expect(await cache.get('was-short')).toBe('v2');
  });

  it('deletes keys and counts only those that existed', async () => {
    await cache.set('d1', 'a');
    await cache.set('d2', 'b');
    expect(await cache.del('d1', 'd2', 'd3')).toBe(2);
    expect(await cache.get('d1')).toBeNull();
    expect(await cache.del()).toBe(0);
  });

  it('increments from zero, by negative deltas too, and refuses non-integers', async () => {
    expect(await cache.incrBy('counter', 5)).toBe(5);
    expect(await cache.incrBy('counter', -7)).toBe(-2);
    expect(await cache.get('counter')).toBe('-2');
    await expect(cache.incrBy('counter', 1.5)).rejects.toThrow();
    await cache.set('text', 'abc');
    await expect(cache.incrBy('text', 1)).rejects.toThrow();
  });

  it('adds to a key only while it exists, restarting the TTL given', async () => {
    expect(await cache.incrByIfPresent('absent', 5, 60)).toBeNull();
    expect(await cache.get('absent')).toBeNull();
    await cache.set('renewed', '10', 1);
    await cache.set('kept', '10', 1);
    await cache.set('untimed', '1');
    expect(await cache.incrByIfPresent('renewed', -4, 600)).toBe(6);
    expect(await cache.incrByIfPresent('kept', 1)).toBe(11);
    expect(await cache.incrByIfPresent('untimed', 2, 1)).toBe(3);
    await expect(cache.incrByIfPresent('renewed', 0.5)).rejects.toThrow();
    await sleep(1_100);
    expect(await cache.get('renewed')).toBe('6');
    expect(await cache.get('kept')).toBeNull();
    expect(await cache.get('untimed')).toBeNull();
    expect(await cache.incrByIfPresent('kept', 1)).toBeNull();
  });

  it('restarts the TTL given on a debit, and only when it debits', async () => {
    await cache.set('renewed-balance', '10', 1);
    await cache.set('short-balance', '10', 1);
    expect(await cache.decrByIfEnough('renewed-balance', 3, 600)).toBe(7);
    expect(await cache.decrByIfEnough('short-balance', 11, 600)).toBeNull();
    await sleep(1_100);
    expect(await cache.get('renewed-balance')).toBe('7');
    expect(await cache.get('short-balance')).toBeNull();
  });

  it('debits only when the balance is enough', async () => {
    expect(await cache.decrByIfEnough('no-balance', 1)).toBeNull();
    expect(await cache.get('no-balance')).toBeNull();

    await cache.set('balance', '10');
    expect(await cache.decrByIfEnough('balance', 11)).toBeNull();
    expect(await cache.get('balance')).toBe('10');
    expect(await cache.decrByIfEnough('balance', 4)).toBe(6);
    expect(await cache.decrByIfEnough('balance', 6)).toBe(0);
    expect(await cache.get('balance')).toBe('0');
    await expect(cache.decrByIfEnough('balance', -1)).rejects.toThrow();
  });

  it('never takes the balance below zero under 100 concurrent debits', async () => {
    await cache.set('shared-balance', '50');
    const results = await Promise.all(
      Array.from({ length: 100 }, () => cache.decrByIfEnough('shared-balance', 1)),
    );
    const succeeded = results.filter((value) => value !== null);
    expect(succeeded).toHaveLength(50);
    expect(new Set(succeeded).size).toBe(50);
    expect(Math.min(...succeeded)).toBe(0);
    expect(await cache.get('shared-balance')).toBe('0');
  });
});

describe('IoredisCacheStore', () => {
  it('keeps its keys under the configured prefix', async () => {
    const redis = openTestRedis();
    const { command } = redis.connections[0];
    try {
      await new IoredisCacheStore(command, redis.prefix).set('k', 'v');
      expect(await command.get(`${redis.prefix}k`)).toBe('v');
      expect(await command.get('k')).toBeNull();
    } finally {
      await redis.close();
    }
  });
});
