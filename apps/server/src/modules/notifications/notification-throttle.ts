import { Injectable } from '@nestjs/common';
import { CacheStore } from '../../infra/redis/redis.ports';

// DESIGN §5 / reference §3.8 "our own": at most one notice per user and type every two hours.
export const THROTTLE_SECONDS = 2 * 3600;
// A window claimed by another replica ends at a time we do not know: ask the shared store again after this.
const FOREIGN_HOLD_MS = 60_000;
// Beyond this many remembered windows, expired ones are dropped before adding another.
const MEMO_LIMIT = 10_000;

const keyOf = (userId: number, type: string) => `notify:sent:${userId}:${type}`;

/**
 * The notification throttle: one shared key per user and type with a two-hour TTL (Redis when configured,
 * this process otherwise), plus a local memo so a user below the threshold on every request costs no
 * round trip once the window is known to be taken.
 */
@Injectable()
export class NotificationThrottle {
  /** Key → epoch ms until which it is known to be taken. */
  private readonly held = new Map<string, number>();

  constructor(private readonly cache: CacheStore) {}

  /** True when this process already knows the window is taken (no I/O). */
  isHeld(userId: number, type: string): boolean {
    const key = keyOf(userId, type);
    const until = this.held.get(key);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.held.delete(key);
    return false;
  }

  /** Takes the window for this user and type; false when a notice was already sent within it. */
  async claim(userId: number, type: string): Promise<boolean> {
    if (this.isHeld(userId, type)) return false;
    const key = keyOf(userId, type);
    // The first increment creates the key with its TTL: exactly one caller across replicas sees 1.
    const first = (await this.cache.incrBy(key, 1, THROTTLE_SECONDS)) === 1;
    this.remember(key, first ? THROTTLE_SECONDS * 1000 : FOREIGN_HOLD_MS);
    return first;
  }

  /** Gives the window back when the notice could not even be queued, so the next attempt may send. */
  async release(userId: number, type: string): Promise<void> {
    const key = keyOf(userId, type);
    this.held.delete(key);
    await this.cache.del(key);
  }

  private remember(key: string, forMs: number): void {
    if (this.held.size >= MEMO_LIMIT) {
      const now = Date.now();
      for (const [stored, until] of this.held) if (until <= now) this.held.delete(stored);
      // Still full of live windows: forget the oldest; the shared key keeps the rule.
      if (this.held.size >= MEMO_LIMIT) this.held.delete(this.held.keys().next().value as string);
    }
    this.held.set(key, Date.now() + forMs);
  }
}
