import type { OnModuleDestroy } from '@nestjs/common';
import { type RateLimitDecision, type RateLimiter } from './redis.ports';
import { allowedDecision, refusedDecision, windowMs } from './rate-limit-decision';

interface Window {
  /** Hit times in ms, oldest first. */
  hits: number[];
  /** The window of the last call, used by the sweep to drop keys nobody asks about any more. */
  windowMs: number;
}

const SWEEP_INTERVAL_MS = 60_000;

/** Embedded-mode sliding window: an array of hit times per key. */
export class MemoryRateLimiter implements RateLimiter, OnModuleDestroy {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS).unref();

  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision> {
    return Promise.resolve(this.decide(key, limit, windowMs(windowSeconds), true));
  }

  peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision> {
    return Promise.resolve(this.decide(key, limit, windowMs(windowSeconds), false));
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private decide(key: string, limit: number, span: number, record: boolean): RateLimitDecision {
    const now = Date.now();
    const window = this.windows.get(key) ?? { hits: [], windowMs: span };
    dropBefore(window.hits, now - span);
    const count = window.hits.length;
    if (count >= limit) return refusedDecision(count > 0 ? window.hits[0] + span - now : span);
    if (record) {
      window.hits.push(now);
      window.windowMs = span;
      this.windows.set(key, window);
    }
    return allowedDecision(limit - count - 1);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) {
      dropBefore(window.hits, now - window.windowMs);
      if (window.hits.length === 0) this.windows.delete(key);
    }
  }
}

/** Removes hits at or before the cut-off, like ZREMRANGEBYSCORE -inf cutoff. */
function dropBefore(hits: number[], cutoff: number): void {
  let stale = 0;
  while (stale < hits.length && hits[stale] <= cutoff) stale++;
  if (stale > 0) hits.splice(0, stale);
}
