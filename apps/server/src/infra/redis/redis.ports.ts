/**
 * The Redis port: what the app needs from a shared fast store. One driver talks to Redis (ioredis),
 * the other keeps everything in this process for the embedded single-box mode. Same behaviour, same tests.
 * Keys are given without the configured prefix; drivers add it.
 */
export abstract class CacheStore {
  abstract get(key: string): Promise<string | null>;
  abstract set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  abstract del(...keys: string[]): Promise<number>;
  /** Atomic add; creates the key at 0 first. Returns the new value. */
  abstract incrBy(key: string, delta: number, ttlSeconds?: number): Promise<number>;
  /**
   * Atomic add to a key that exists; with a TTL, the key then lives that long from now (a balance in use
   * stays cached). Returns the new value, or null when the key is missing: nothing is created.
   */
  abstract incrByIfPresent(key: string, delta: number, ttlSeconds?: number): Promise<number | null>;
  /**
   * Atomic conditional debit: subtracts amount only when the current value is >= amount (and, with a TTL,
   * the key then lives that long from now). Returns the new value, or null when the key is missing or the
   * balance is short (nothing changed).
   */
  abstract decrByIfEnough(key: string, amount: number, ttlSeconds?: number): Promise<number | null>;
  abstract ping(): Promise<void>;
}

export type Unsubscribe = () => Promise<void>;

/** Fan-out to every replica, including the publisher itself. */
export abstract class PubSub {
  abstract publish(channel: string, message: string): Promise<void>;
  abstract subscribe(channel: string, handler: (message: string) => void): Promise<Unsubscribe>;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Hits left in the window after this one (0 when refused). */
  remaining: number;
  /** Seconds until the oldest hit leaves the window; 0 when allowed. */
  retryAfterSeconds: number;
}

/** Sliding-window limiter: at most `limit` recorded hits per `windowSeconds` for a key. */
export abstract class RateLimiter {
  /** Records a hit when allowed; a refused hit is not recorded. */
  abstract hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision>;
  /** Whether a hit would be allowed now, without recording one. */
  abstract peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision>;
  abstract reset(key: string): Promise<void>;
}
