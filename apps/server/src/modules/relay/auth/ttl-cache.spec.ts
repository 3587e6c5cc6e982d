import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  let now = 0;
  const clock = () => now;

  it('serves from memory until the TTL ends, then loads again', async () => {
    const cache = new TtlCache<string>(1000, 10, clock);
    let loads = 0;
    const load = jest.fn(() => Promise.resolve(`v${++loads}`));
    expect(await cache.get('k', load)).toBe('v1');
    now = 999;
    expect(await cache.get('k', load)).toBe('v1');
    now = 1000;
    expect(await cache.get('k', load)).toBe('v2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new TtlCache<number>(1000, 10, clock);
    const load = jest.fn(() => Promise.resolve(7));
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([
      7, 7, 7,
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a load that raced an invalidation', async () => {
    const cache = new TtlCache<string>(1000, 10, clock);
    let release: (value: string) => void = () => undefined;
    const stale = cache.get('k', () => new Promise((resolve) => (release = resolve)));
    cache.delete('k');
    release('stale');
    expect(await stale).toBe('stale');
    expect(await cache.get('k', () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('evicts the oldest entry beyond its size and deletes by value', async () => {
    const cache = new TtlCache<string | null>(1000, 2, clock);
    await cache.get('a', () => Promise.resolve(null));
    await cache.get('b', () => Promise.resolve('b'));
    await cache.get('c', () => Promise.resolve('c'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', () => Promise.resolve('reloaded'))).toBe('reloaded');
    cache.deleteWhere((value) => value === 'reloaded');
    expect(cache.size).toBe(1);
  });
});
