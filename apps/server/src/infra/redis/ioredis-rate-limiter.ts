import { randomUUID } from 'node:crypto';
import { type Redis } from 'ioredis';
import { type RateLimitDecision, type RateLimiter } from './redis.ports';
import { allowedDecision, refusedDecision, windowMs } from './rate-limit-decision';

// Sliding window on a sorted set (score = hit time in ms). Time comes from Redis so replicas with drifting
// clocks share one window. An empty member means "peek": decide without recording.
const SLIDING_WINDOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  if ARGV[3] ~= '' then
    redis.call('ZADD', KEYS[1], now, ARGV[3])
    redis.call('PEXPIRE', KEYS[1], window)
  end
  return {1, limit - count - 1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if oldest[2] then return {0, 0, tonumber(oldest[2]) + window - now} end
return {0, 0, window}`;

interface RateLimitScripts {
  tollgateSlidingWindow(
    key: string,
    windowMs: number,
    limit: number,
    member: string,
  ): Promise<[number, number, number]>;
}

export class IoredisRateLimiter implements RateLimiter {
  private readonly client: Redis & RateLimitScripts;

  constructor(
    client: Redis,
    private readonly prefix: string,
  ) {
    client.defineCommand('tollgateSlidingWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW });
    // defineCommand adds the method at runtime; this is its typed face.
    this.client = client as Redis & RateLimitScripts;
  }

  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision> {
    // Members must be unique per hit: two hits in the same millisecond are still two hits.
    return this.decide(key, limit, windowSeconds, randomUUID());
  }

  peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision> {
    return this.decide(key, limit, windowSeconds, '');
  }

  async reset(key: string): Promise<void> {
    await this.client.del(this.prefix + key);
  }

  private async decide(
    key: string,
    limit: number,
    windowSeconds: number,
    member: string,
  ): Promise<RateLimitDecision> {
    const [allowed, remaining, waitMs] = await this.client.tollgateSlidingWindow(
      this.prefix + key,
      windowMs(windowSeconds),
      limit,
      member,
    );
    return allowed === 1 ? allowedDecision(remaining) : refusedDecision(waitMs);
  }
}
