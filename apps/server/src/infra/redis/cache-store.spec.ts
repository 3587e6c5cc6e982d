import { setTimeout as sleep } from 'node:timers/promises';
import { IoredisCacheStore } from './ioredis-cache-store';
import { MemoryCacheStore } from './memory-cache-store';
import { RedisConnections } from './redis-connections';
import {
  deleteKeys,
  TEST_BACKENDS,
  TEST_REDIS_URL,
  testConfig,
  testPrefix,
  type TestBackend,
} from './redis-testing';
import { type CacheStore } from './redis.ports';

interface Harness {
  store: CacheStore;
  close(): Promise<void>;
}

function open(backend: TestBackend): Harness {
  if (backend === 'memory') {
    const store = new MemoryCacheStore();
    return { store, close: () => Promise.resolve(store.onModuleDestroy()) };
  }
  const prefix = testPrefix();
  const connections = new RedisConnections(testConfig(TEST_REDIS_URL, prefix), () => undefined);
  return {
    store: new IoredisCacheStore(connections.command, prefix),
    close: async () => {
      await deleteKeys(prefix);
      await connections.onApplicationShutdown();
    },
  };
}

describe.each(TEST_BACKENDS)('CacheStore (%s)', (backend) => {
  let harness: Harness;
  let cache: CacheStore;

  beforeAll(() => {
    harness = open(backend);
    cache = harness.store;
  });
  afterAll(() => harness.close());

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

  it('adds to a key only while it exists, keeping its TTL or giving it one', async () => {
    expect(await cache.incrByIfPresent('absent', 5, 60)).toBeNull();
    expect(await cache.get('absent')).toBeNull();
    await cache.set('present', '10', 1);
    expect(await cache.incrByIfPresent('present', -4, 600)).toBe(6);
    await cache.set('untimed', '1');
    expect(await cache.incrByIfPresent('untimed', 2, 1)).toBe(3);
    await expect(cache.incrByIfPresent('present', 0.5)).rejects.toThrow();
    await sleep(1_100);
    // The shorter TTL it had stays; the untimed key got the one given.
    expect(await cache.get('present')).toBeNull();
    expect(await cache.get('untimed')).toBeNull();
    expect(await cache.incrByIfPresent('present', 1)).toBeNull();
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
    const prefix = testPrefix();
    const connections = new RedisConnections(testConfig(TEST_REDIS_URL, prefix), () => undefined);
    try {
      await new IoredisCacheStore(connections.command, prefix).set('k', 'v');
      expect(await connections.command.get(`${prefix}k`)).toBe('v');
      expect(await connections.command.get('k')).toBeNull();
    } finally {
      await deleteKeys(prefix);
      await connections.onApplicationShutdown();
    }
  });
});
