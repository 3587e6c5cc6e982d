import { Logger } from '@nestjs/common';
import { type LedgerJournal } from './journal/ledger-journal';

/** A settled call's hold, still debited in the journal, waiting here for the payer's next call. */
interface KeptHold {
  id: string;
  amount: number;
  keptAt: number;
}

// A kept hold no call took within this long is given back.
export const KEEP_IDLE_MS = 1000;
// Kept only when the balances keep this many times its amount after the charge: a payer near the end of
// their balance keeps nothing, and other replicas (and this one's other calls) see all of it.
export const KEEP_FACTOR = 10;
// Holds one payer keeps in this process, counting settlements that may still keep one: twice the calls a busy
// client keeps in flight. Beyond it a burst of calls ending together (thousands of streams cut off) closes its
// holds in their settlements instead of giving each back by a script of its own a second later.
export const MAX_KEPT_PER_PAYER = 128;
// Holds given back at once by a sweep: Redis answers each in turn, and a late answer counts as a failure.
const GIVE_BACK_AT_ONCE = 64;

/**
 * A lease one call long: settling a reserved call may leave its hold debited (LedgerJournal.settle decides
 * atomically, as if the payer's next call had reserved it then), and that call then takes it here instead of
 * holding again: one journal round trip per call instead of two while a payer keeps calling. Each call in
 * flight still has its own hold, so the overspend bound is the reservation's. Others see the kept amount as
 * held until a call takes it or it is given back, at most KEEP_IDLE_MS later (giveBackIdle, by a sweep).
 */
export class KeptHolds {
  private readonly logger = new Logger(KeptHolds.name);
  /** By the payer's balance keys; the most recently kept last. */
  private readonly byPayer = new Map<string, KeptHold[]>();
  /** By the payer's balance keys: settlements allowed to keep their hold, not answered yet. */
  private readonly keeping = new Map<string, number>();
  /** Holds whose giving back failed (the store was down): tried again, never taken. */
  private failed: string[] = [];
  /** Holds to give back at the next sweep (giveBackSoon). */
  private lost: string[] = [];
  private journalFailedAt = 0;
  private sweeping = false;
  private allAtNextSweep = false;

  constructor(private readonly journal: LedgerJournal) {}

  /**
   * Whether a settling call may keep its hold (the payer keeps fewer than MAX_KEPT_PER_PAYER here); when it
   * may, `settled` must follow with what the journal did.
   */
  mayKeep(balanceKeys: readonly string[]): boolean {
    const payer = balanceKeys.join(' ');
    const keeping = this.keeping.get(payer) ?? 0;
    if (keeping + (this.byPayer.get(payer)?.length ?? 0) >= MAX_KEPT_PER_PAYER) return false;
    this.keeping.set(payer, keeping + 1);
    return true;
  }

  /** A settlement `mayKeep` allowed is answered: `kept` is its hold when the journal kept it, else null. */
  settled(balanceKeys: readonly string[], kept: { id: string; amount: number } | null): void {
    const payer = balanceKeys.join(' ');
    const keeping = (this.keeping.get(payer) ?? 1) - 1;
    if (keeping > 0) this.keeping.set(payer, keeping);
    else this.keeping.delete(payer);
    if (!kept) return;
    const holds = this.byPayer.get(payer) ?? [];
    holds.push({ ...kept, keptAt: Date.now() });
    this.byPayer.set(payer, holds);
  }

  /**
   * The newest kept hold of the payer covering `amount`, taken; null when none does, or when the store is
   * down or just failed (it would not see the call's settlement either: the call reserves, and fails).
   */
  take(balanceKeys: readonly string[], amount: number): KeptHold | null {
    if (!this.journal.connected() || Date.now() - this.journalFailedAt < KEEP_IDLE_MS) return null;
    const payer = balanceKeys.join(' ');
    const holds = this.byPayer.get(payer);
    if (!holds) return null;
    for (let index = holds.length - 1; index >= 0; index -= 1) {
      if (holds[index].amount < amount) continue;
      const [hold] = holds.splice(index, 1);
      if (holds.length === 0) this.byPayer.delete(payer);
      return hold;
    }
    return null;
  }

  /**
   * Gives back the holds kept longer than `idleMs` (all of them with 0) and those that failed to go. A sweep
   * still giving back when the next one comes lets it pass; giving back all (idleMs 0) runs regardless.
   */
  async giveBackIdle(idleMs: number): Promise<void> {
    if (this.sweeping && idleMs > 0) return;
    this.sweeping = true;
    try {
      const before = this.allAtNextSweep ? Date.now() : Date.now() - idleMs;
      this.allAtNextSweep = false;
      const retrying = new Set(this.failed);
      const idle = [...this.failed, ...this.lost];
      this.failed = [];
      this.lost = [];
      for (const [payer, holds] of this.byPayer) {
        const fresh = holds.filter((hold) => hold.keptAt > before);
        for (const hold of holds) if (hold.keptAt <= before) idle.push(hold.id);
        if (fresh.length === 0) this.byPayer.delete(payer);
        else this.byPayer.set(payer, fresh);
      }
      await this.giveBackEach(idle, retrying);
    } finally {
      this.sweeping = false;
    }
  }

  /** Gives back every hold kept for the payer; answers whether there was one. */
  async giveBackAll(balanceKeys: readonly string[]): Promise<boolean> {
    const payer = balanceKeys.join(' ');
    const holds = this.byPayer.get(payer);
    if (!holds) return false;
    this.byPayer.delete(payer);
    await this.giveBackEach(holds.map((hold) => hold.id));
    return true;
  }

  /**
   * A hold that may have been kept by a settlement whose reply was lost: given back by the next sweep, with the
   * others of a burst (thousands of settlements time out together when the loop stalls).
   */
  giveBackSoon(holdId: string): void {
    this.lost.push(holdId);
  }

  /**
   * The store failed a command: the next sweep gives every kept hold back (one sweep serves a burst of
   * failures), and none is taken until a while has passed.
   */
  journalFailed(): void {
    this.journalFailedAt = Date.now();
    this.allAtNextSweep = true;
  }

  // Failures are tried again by the next sweep, and logged once a batch (not again for those `retrying`).
  private async giveBackEach(holdIds: readonly string[], retrying?: ReadonlySet<string>): Promise<void> {
    const failed: string[] = [];
    let firstError: unknown;
    for (let start = 0; start < holdIds.length; start += GIVE_BACK_AT_ONCE) {
      const batch = holdIds.slice(start, start + GIVE_BACK_AT_ONCE);
      await Promise.all(
        batch.map((id) =>
          this.journal.release(id).catch((error: unknown) => {
            failed.push(id);
            firstError ??= error;
          }),
        ),
      );
    }
    if (failed.length === 0) return;
    this.failed.push(...failed);
    const fresh = retrying ? failed.filter((id) => !retrying.has(id)).length : failed.length;
    if (fresh > 0)
      this.logger.error(
        `giving back ${fresh === 1 ? 'a kept hold' : `${fresh} kept holds`} failed, trying again: ${String(firstError)}`,
      );
  }
}
