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
  /** Holds whose giving back failed (the store was down): tried again, never taken. */
  private failed: string[] = [];
  private journalFailedAt = 0;

  constructor(private readonly journal: LedgerJournal) {}

  keep(balanceKeys: readonly string[], id: string, amount: number): void {
    const payer = balanceKeys.join(' ');
    const holds = this.byPayer.get(payer) ?? [];
    holds.push({ id, amount, keptAt: Date.now() });
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

  /** Gives back the holds kept longer than `idleMs` (all of them with 0) and those that failed to go. */
  async giveBackIdle(idleMs: number): Promise<void> {
    const before = Date.now() - idleMs;
    const idle = this.failed;
    const failedBefore = new Set(idle);
    this.failed = [];
    for (const [payer, holds] of this.byPayer) {
      const fresh = holds.filter((hold) => hold.keptAt > before);
      for (const hold of holds) if (hold.keptAt <= before) idle.push(hold.id);
      if (fresh.length === 0) this.byPayer.delete(payer);
      else this.byPayer.set(payer, fresh);
    }
    await Promise.all(idle.map((id) => this.giveBack(id, failedBefore.has(id))));
  }

  /** Gives back every hold kept for the payer; answers whether there was one. */
  async giveBackAll(balanceKeys: readonly string[]): Promise<boolean> {
    const payer = balanceKeys.join(' ');
    const holds = this.byPayer.get(payer);
    if (!holds) return false;
    this.byPayer.delete(payer);
    await Promise.all(holds.map((hold) => this.giveBack(hold.id)));
    return true;
  }

  /** Gives one hold back; a failure is tried again by the sweep, and logged the first time only. */
  async giveBack(holdId: string, retrying = false): Promise<void> {
    try {
      await this.journal.release(holdId);
    } catch (error) {
      if (!retrying) this.logger.error(`giving back hold ${holdId} failed, trying again: ${String(error)}`);
      this.failed.push(holdId);
    }
  }

  /** The store failed a command: every kept hold is given back, and none taken until a while has passed. */
  journalFailed(): void {
    this.journalFailedAt = Date.now();
    void this.giveBackIdle(0);
  }
}
