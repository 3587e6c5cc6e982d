import { MemoryCacheStore } from '../../infra/redis/memory-cache-store';
import { NotificationThrottle } from './notification-throttle';

describe('notification throttle', () => {
  let cache: MemoryCacheStore;
  beforeEach(() => (cache = new MemoryCacheStore()));
  afterEach(() => cache.onModuleDestroy());

  it('lets one notice per user and type through, across throttle instances sharing the store', async () => {
    const one = new NotificationThrottle(cache);
    const other = new NotificationThrottle(cache);
    expect(one.isHeld(1, 'quota_exceed')).toBe(false);
    expect(await one.claim(1, 'quota_exceed')).toBe(true);
    expect(one.isHeld(1, 'quota_exceed')).toBe(true);
    expect(await other.claim(1, 'quota_exceed')).toBe(false);
    expect(await other.claim(1, 'channel_test')).toBe(true);
    expect(await other.claim(2, 'quota_exceed')).toBe(true);
  });

  it('gives a window back when the notice could not be queued', async () => {
    const throttle = new NotificationThrottle(cache);
    expect(await throttle.claim(1, 'quota_exceed')).toBe(true);
    await throttle.release(1, 'quota_exceed');
    expect(throttle.isHeld(1, 'quota_exceed')).toBe(false);
    expect(await throttle.claim(1, 'quota_exceed')).toBe(true);
  });
});
