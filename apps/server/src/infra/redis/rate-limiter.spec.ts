import { setTimeout as sleep } from 'node:timers/promises';
import { openPort } from '../../../test/support/redis-ports';
import { IoredisRateLimiter } from './ioredis-rate-limiter';
import { MemoryRateLimiter } from './memory-rate-limiter';
import { TEST_BACKENDS } from './redis-testing';
import { type RateLimiter } from './redis.ports';

const allowed = (remaining: number) => ({ allowed: true, remaining, retryAfterSeconds: 0 });
const refused = (retryAfterSeconds: number) => ({ allowed: false, remaining: 0, retryAfterSeconds });

describe.each(TEST_BACKENDS)('RateLimiter (%s)', (backend) => {
  let limiter: RateLimiter;
  let close: () => Promise<void>;

  beforeAll(() => {
    ({ port: limiter, close } = openPort<RateLimiter>(backend, {
      memory: () => new MemoryRateLimiter(),
      redis: (command, prefix) => new IoredisRateLimiter(command, prefix),
    }));
  });
  afterAll(() => close());

  it('allows up to the limit per window and tells how long to wait after that', async () => {
    expect(await limiter.hit('login:1', 3, 10)).toEqual(allowed(2));
    expect(await limiter.hit('login:1', 3, 10)).toEqual(allowed(1));
    expect(await limiter.hit('login:1', 3, 10)).toEqual(allowed(0));
    expect(await limiter.hit('login:1', 3, 10)).toEqual(refused(10));
    expect(await limiter.hit('login:2', 3, 10)).toEqual(allowed(2));
  });

  it('counts every hit, even many in the same millisecond', async () => {
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('burst', 10, 10)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
  });

  it('slides the window and does not record refused hits', async () => {
    expect((await limiter.hit('slide', 2, 1)).allowed).toBe(true);
    await sleep(600);
    expect((await limiter.hit('slide', 2, 1)).allowed).toBe(true);
    expect(await limiter.hit('slide', 2, 1)).toEqual(refused(1));
    await sleep(550);
    // The first hit has left the window, the second is still in it; the refused one never counted.
    expect(await limiter.hit('slide', 2, 1)).toEqual(allowed(0));
    expect((await limiter.hit('slide', 2, 1)).allowed).toBe(false);
  });

  it('peeks without recording a hit', async () => {
    expect(await limiter.peek('peek', 1, 10)).toEqual(allowed(0));
    expect(await limiter.peek('peek', 1, 10)).toEqual(allowed(0));
    expect(await limiter.hit('peek', 1, 10)).toEqual(allowed(0));
    expect(await limiter.peek('peek', 1, 10)).toEqual(refused(10));
    expect(await limiter.hit('peek', 1, 10)).toEqual(refused(10));
  });

  it('starts over after a reset', async () => {
    await limiter.hit('reset', 1, 10);
    expect((await limiter.hit('reset', 1, 10)).allowed).toBe(false);
    await limiter.reset('reset');
    expect(await limiter.hit('reset', 1, 10)).toEqual(allowed(0));
  });

  it('refuses everything when the limit is zero', async () => {
    expect(await limiter.hit('closed', 0, 5)).toEqual(refused(5));
  });
});
