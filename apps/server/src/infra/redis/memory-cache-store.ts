import type { OnModuleDestroy } from '@nestjs/common';
import { type CacheStore } from './redis.ports';
import { assertNonNegativeInteger, assertSafeInteger, ttlMs } from './integer-args';

interface Entry {
  value: string;
  /** Epoch ms; undefined = no expiry. */
  expiresAt: number | undefined;
}

const SWEEP_INTERVAL_MS = 60_000;

function parseCounter(value: string): number {
  const parsed = Number(value);
  // Same refusal as Redis INCRBY/DECRBY on a value that isn't an integer.
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(parsed))
    throw new Error('value is not an integer or out of range');
  return parsed;
}

/** Embedded-mode cache: expired keys vanish on read, and a background sweep frees the ones nobody reads. */
export class MemoryCacheStore implements CacheStore, OnModuleDestroy {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS).unref();

  get(key: string): Promise<string | null> {
    return Promise.resolve(this.live(key)?.value ?? null);
  }

  set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    const ttl = ttlMs(ttlSeconds);
    this.entries.set(key, { value, expiresAt: ttl === undefined ? undefined : Date.now() + ttl });
    return Promise.resolve();
  }

  del(...keys: string[]): Promise<number> {
    let removed = 0;
    for (const key of keys) {
      if (this.live(key) !== undefined) removed += Number(this.entries.delete(key));
    }
    return Promise.resolve(removed);
  }

  incrBy(key: string, delta: number, ttlSeconds?: number): Promise<number> {
    return Promise.resolve().then(() => this.increment(key, delta, ttlSeconds));
  }

  incrByIfPresent(key: string, delta: number, ttlSeconds?: number): Promise<number | null> {
    return Promise.resolve().then(() => {
      assertSafeInteger('delta', delta);
      const entry = this.live(key);
      return entry ? this.change(entry, parseCounter(entry.value) + delta, ttlSeconds) : null;
    });
  }

  decrByIfEnough(key: string, amount: number, ttlSeconds?: number): Promise<number | null> {
    return Promise.resolve().then(() => {
      assertNonNegativeInteger('amount', amount);
      const entry = this.live(key);
      if (!entry) return null;
      const current = parseCounter(entry.value);
      return current < amount ? null : this.change(entry, current - amount, ttlSeconds);
    });
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private increment(key: string, delta: number, ttlSeconds: number | undefined): number {
    assertSafeInteger('delta', delta);
    const entry = this.live(key) ?? { value: '0', expiresAt: undefined };
    const next = parseCounter(entry.value) + delta;
    if (!Number.isSafeInteger(next)) throw new Error('increment or decrement would overflow');
    const ttl = ttlMs(ttlSeconds);
    const expiresAt = entry.expiresAt ?? (ttl === undefined ? undefined : Date.now() + ttl);
    this.entries.set(key, { value: String(next), expiresAt });
    return next;
  }

  /** A new value for a live entry; a TTL given restarts its life (as PEXPIRE). */
  private change(entry: Entry, next: number, ttlSeconds: number | undefined): number {
    if (!Number.isSafeInteger(next)) throw new Error('increment or decrement would overflow');
    const ttl = ttlMs(ttlSeconds);
    entry.value = String(next);
    if (ttl !== undefined) entry.expiresAt = Date.now() + ttl;
    return next;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.entries.delete(key);
    }
  }
}
