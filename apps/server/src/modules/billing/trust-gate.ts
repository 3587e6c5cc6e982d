import { Logger } from '@nestjs/common';
import { type CacheStore } from '../../infra/redis/redis.ports';

/** The trust slots a trusted call occupies until it settles or fails. */
export interface TrustHold {
  slots: string[];
  /** The slot window they were claimed in: a kept hold serves only within it (its keys outlive it). */
  window: number;
}

// Slots live in time windows so that one left by a killed process frees itself: a window's key expires two
// windows after it is created, and a holder stays visible for at least one whole window.
const WINDOW_SECONDS = 900;
const SLOT_TTL_SECONDS = 2 * WINDOW_SECONDS;
// After finding a slot taken (by another replica), this process leaves it alone this long.
const TAKEN_SLOT_QUIET_MS = 1000;
// A freed hold is kept this long for the payer's next call here, which then skips the claim's round trip.
const KEEP_HOLD_MS = 1000;
const MAX_REMEMBERED = 100_000;

/** What this process last saw of a balance. */
interface Sighting {
  balance: number;
  /** Epoch ms until which its trust slot is known to be taken. */
  slotTakenUntil: number;
}

/**
 * Reference §3.4 step 4 (the later rule): a call skips the reservation when its payer's balances (the user's,
 * and a limited token's) stay above 10 × QuotaPerUnit after its estimate; its settlement then debits the
 * whole cost.
 *
 * Overspend bound: each balance has one trust slot, so at most one trusted call per user (and per limited
 * token) is in flight; every other call reserves as usual. Those reservations can take the balance to zero
 * while the trusted call runs, and its cost then lands on top: the balance goes below zero by at most one
 * call's cost, which is the "one call's pre-consumed amount" a reservation allows (plus, as always, what a
 * call costs beyond its estimate). A trusted call running longer than one window may let a second one in.
 *
 * Trying costs one round trip (slots claimed and balances read together), so it is only tried when the last
 * balance this process saw says it will pass, this process has no trusted call of that payer in flight, and
 * the slot was not found taken within the last second. A settled call's slots stay claimed for a second and
 * serve the payer's next call in this process without a round trip (one call in flight still); meanwhile other
 * replicas reserve for that payer as usual.
 */
export class TrustGate {
  private readonly logger = new Logger(TrustGate.name);
  private readonly seen = new Map<string, Sighting>();
  private readonly busy = new Set<string>();
  /** Freed holds still claimed, by their balance keys, with the timers that free them. */
  private readonly kept = new Map<string, { hold: TrustHold; timer: NodeJS.Timeout }>();

  constructor(
    private readonly cache: CacheStore,
    private readonly threshold: () => number,
  ) {}

  /** Remembers a cached balance the ledger just read or changed. */
  observe(balanceKey: string, balance: number): void {
    const sighting = this.seen.get(balanceKey);
    if (sighting) {
      sighting.balance = balance;
      return;
    }
    if (this.seen.size >= MAX_REMEMBERED) this.seen.clear();
    this.seen.set(balanceKey, { balance, slotTakenUntil: 0 });
  }

  /** The balance this process last saw, if any. */
  balanceSeen(balanceKey: string): number | undefined {
    return this.seen.get(balanceKey)?.balance;
  }

  forget(balanceKey: string): void {
    this.seen.delete(balanceKey);
  }

  /** Claims the trust slot of every balance, or answers null (the call then reserves as usual). */
  async admit(balanceKeys: readonly string[], amount: number): Promise<TrustHold | null> {
    const threshold = this.threshold();
    const now = Date.now();
    const promising = balanceKeys.every((key) => {
      const sighting = this.seen.get(key);
      return (
        !this.busy.has(key) &&
        sighting !== undefined &&
        sighting.slotTakenUntil <= now &&
        sighting.balance - amount > threshold
      );
    });
    if (!promising) return null;
    for (const key of balanceKeys) this.busy.add(key);
    const kept = this.takeKept(balanceKeys);
    if (kept) return kept;
    let hold: TrustHold | null = null;
    try {
      hold = await this.claim(balanceKeys, amount, threshold);
      return hold;
    } finally {
      if (!hold) for (const key of balanceKeys) this.busy.delete(key);
    }
  }

  /** A settled or failed trusted call is done with its slots: kept a moment for the payer's next call. */
  release(hold: TrustHold): void {
    const keys = hold.slots.map(balanceKeyOf);
    for (const key of keys) this.busy.delete(key);
    const id = keys.join(' ');
    if (this.kept.has(id)) return void this.free(hold);
    const timer = setTimeout(() => {
      this.kept.delete(id);
      void this.free(hold);
    }, KEEP_HOLD_MS).unref();
    this.kept.set(id, { hold, timer });
  }

  /** Frees every kept hold now (the process is stopping). */
  async releaseKept(): Promise<void> {
    const holds = [...this.kept.values()];
    this.kept.clear();
    for (const { timer } of holds) clearTimeout(timer);
    await Promise.all(holds.map(({ hold }) => this.free(hold)));
  }

  private takeKept(balanceKeys: readonly string[]): TrustHold | null {
    const id = balanceKeys.join(' ');
    const kept = this.kept.get(id);
    if (!kept) return null;
    clearTimeout(kept.timer);
    this.kept.delete(id);
    if (kept.hold.window === currentWindow()) return kept.hold;
    void this.free(kept.hold);
    return null;
  }

  // A slot that fails to free itself expires with its window; the call's billing goes on.
  private async free(hold: TrustHold): Promise<void> {
    await Promise.all(hold.slots.map((slot) => this.cache.incrBy(slot, -1, SLOT_TTL_SECONDS))).catch(
      (error: unknown) => this.logger.error(`trust slot release failed: ${String(error)}`),
    );
  }

  // The slot counts and the balances are read in one go: the bound rests on the slot alone, the balance
  // check only keeps trust for payers far from zero.
  private async claim(balanceKeys: readonly string[], amount: number, threshold: number) {
    const window = currentWindow();
    const slots = balanceKeys.map((key) => slotKey(key, window));
    const [counts, previous, balances] = await Promise.all([
      Promise.all(slots.map((slot) => this.cache.incrBy(slot, 1, SLOT_TTL_SECONDS))),
      Promise.all(balanceKeys.map((key) => this.cache.get(slotKey(key, window - 1)))),
      Promise.all(balanceKeys.map((key) => this.cache.get(key))),
    ]);
    balances.forEach((balance, index) => {
      if (balance !== null) this.observe(balanceKeys[index], Number(balance));
    });
    const alone = counts.every((count) => count === 1) && previous.every((count) => Number(count ?? 0) <= 0);
    const rich = balances.every((balance) => balance !== null && Number(balance) - amount > threshold);
    if (alone && rich) return { slots, window };
    if (!alone) this.quiet(balanceKeys);
    await Promise.all(slots.map((slot) => this.cache.incrBy(slot, -1, SLOT_TTL_SECONDS)));
    return null;
  }

  private quiet(balanceKeys: readonly string[]): void {
    const until = Date.now() + TAKEN_SLOT_QUIET_MS;
    for (const key of balanceKeys) {
      const sighting = this.seen.get(key);
      if (sighting) sighting.slotTakenUntil = until;
    }
  }
}

function currentWindow(): number {
  return Math.floor(Date.now() / 1000 / WINDOW_SECONDS);
}

function slotKey(balanceKey: string, window: number): string {
  return `${balanceKey}:trust:${window}`;
}

function balanceKeyOf(slot: string): string {
  return slot.slice(0, slot.lastIndexOf(':trust:'));
}
