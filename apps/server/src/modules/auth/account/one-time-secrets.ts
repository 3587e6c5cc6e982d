import { createHash, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CacheStore, RateLimiter } from '../../../infra/redis/redis.ports';

const digest = (secret: string): Buffer => createHash('sha256').update(secret).digest();
const guessesKey = (key: string): string => `${key}:wrong`;

/**
 * Short-lived single-use secrets (email codes, reset tokens) in the shared cache, so any replica can check
 * what another issued. Only a SHA-256 is stored; a newer secret for the same key replaces the older one.
 */
@Injectable()
export class OneTimeSecrets {
  constructor(
    private readonly cache: CacheStore,
    private readonly limiter: RateLimiter,
  ) {}

  async store(key: string, secret: string, ttlSeconds: number): Promise<void> {
    await this.cache.set(key, digest(secret).toString('hex'), ttlSeconds);
    await this.cache.del(guessesKey(key));
  }

  /** True once per stored secret: the winner of the delete consumes it, a concurrent second use loses. */
  async consume(key: string, secret: string): Promise<boolean> {
    const stored = await this.cache.get(key);
    if (stored === null) return false;
    const expected = Buffer.from(stored, 'hex');
    const given = digest(secret);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return (await this.cache.del(key)) === 1;
  }

  async discard(key: string): Promise<void> {
    await this.cache.del(key);
  }

  /** Puts a consumed secret back when the step it was consumed for failed (the user may retry). */
  restore(key: string, secret: string, ttlSeconds: number): Promise<void> {
    return this.store(key, secret, ttlSeconds);
  }

  /** Starts a cooldown; returns 0, or the seconds left of one already running. */
  async startCooldown(key: string, seconds: number): Promise<number> {
    const decision = await this.limiter.hit(key, 1, seconds);
    return decision.allowed ? 0 : decision.retryAfterSeconds;
  }

  endCooldown(key: string): Promise<void> {
    return this.limiter.reset(key);
  }

  /** Counts a wrong guess; past `limit` within the window the secret is dropped so guessing gains nothing. */
  async recordWrongGuess(key: string, limit: number, windowSeconds: number): Promise<void> {
    const guesses = guessesKey(key);
    if ((await this.cache.incrBy(guesses, 1, windowSeconds)) >= limit) await this.cache.del(key, guesses);
  }
}
