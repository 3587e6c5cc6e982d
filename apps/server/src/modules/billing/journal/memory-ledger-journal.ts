import { type CacheStore } from '../../../infra/redis/redis.ports';
import { BALANCE_TTL_SECONDS } from './journal-timing';
import {
  type Charge,
  type HoldOutcome,
  type JournalEntry,
  LedgerJournal,
  ledgerKeysOf,
  type Settled,
} from './ledger-journal';

interface Hold {
  amount: number;
  keys: readonly string[];
}

/**
 * The journal of the embedded mode, in this process beside the in-process cache. Its steps take turns (one
 * queue), which makes each as atomic as a Redis script. A crash loses the cache, the holds and the charges of
 * the last drain window together: the next boot loads balances from the database, which never saw them.
 */
export class MemoryLedgerJournal extends LedgerJournal {
  readonly cursorName = null;
  private readonly holds = new Map<string, Hold>();
  private readonly unsettled = new Map<string, number>();
  private journal: Array<JournalEntry & { appendedAt: number }> = [];
  private sequence = 0;
  private turn: Promise<unknown> = Promise.resolve();
  private gate: Promise<unknown> = Promise.resolve();

  constructor(private readonly cache: CacheStore) {
    super();
  }

  hold(holdId: string, balanceKeys: readonly string[], amount: number): Promise<HoldOutcome> {
    return this.inTurn(async () => {
      const debited: string[] = [];
      const balances: number[] = [];
      for (const key of balanceKeys) {
        const left = await this.cache.decrByIfEnough(key, amount, BALANCE_TTL_SECONDS);
        // Reference §3.4 step 3: a balance at or below zero is refused even for a free call.
        if (left === null || left + amount <= 0) {
          if (left !== null) debited.push(key);
          await this.giveBack(debited, amount);
          const current = left === null ? await this.cache.get(key) : String(left + amount);
          return current === null
            ? { status: 'missing', key }
            : { status: 'short', key, balance: Number(current) };
        }
        debited.push(key);
        balances.push(left);
      }
      if (amount > 0) {
        this.holds.set(holdId, { amount, keys: balanceKeys });
        for (const key of balanceKeys) this.addUnsettled(key, amount);
      }
      return { status: 'held', balances };
    });
  }

  // Never keeps a hold: holding again costs no round trip here.
  settle(holdId: string | null, ledgerKeys: readonly string[], charge: Charge): Promise<Settled> {
    return this.inTurn(async () => {
      const hold = holdId === null ? undefined : this.holds.get(holdId);
      if (holdId !== null) this.holds.delete(holdId);
      this.sequence += 1;
      this.journal.push({ ...charge, id: String(this.sequence), appendedAt: Date.now() });
      const balances: Array<number | null> = [];
      for (const key of ledgerKeys) {
        const change = hold?.keys.includes(key) ? charge.quota - hold.amount : charge.quota;
        this.addUnsettled(key, change);
        balances.push(
          change === 0 ? null : await this.cache.incrByIfPresent(key, -change, BALANCE_TTL_SECONDS),
        );
      }
      return { kept: false, balances };
    });
  }

  // Its state dies with the process: callers wait for each answer.
  handedOver(): Promise<boolean> {
    return Promise.resolve(false);
  }

  connected(): boolean {
    return true;
  }

  release(holdId: string): Promise<Array<number | null>> {
    return this.inTurn(() => this.releaseHold(holdId));
  }

  load(key: string, stored: number): Promise<number | null> {
    return this.inTurn(async () => {
      if ((await this.cache.get(key)) !== null) return null;
      const value = stored - (this.unsettled.get(key) ?? 0);
      await this.cache.set(key, String(value), BALANCE_TTL_SECONDS);
      return value;
    });
  }

  entries(max: number): Promise<JournalEntry[]> {
    return Promise.resolve(this.journal.slice(0, max));
  }

  acknowledge(entries: readonly JournalEntry[]): Promise<void> {
    return this.inTurn(() => {
      const done = new Set(entries.map((entry) => entry.id));
      for (const entry of this.journal) {
        if (!done.has(entry.id)) continue;
        for (const key of ledgerKeysOf(entry)) this.addUnsettled(key, -entry.quota);
      }
      this.journal = this.journal.filter((entry) => !done.has(entry.id));
      return Promise.resolve();
    });
  }

  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.gate.then(task);
    this.gate = run.catch(() => undefined);
    return run;
  }

  keepAlive(): Promise<void> {
    return Promise.resolve();
  }

  backlog(): Promise<{ charges: number; oldestAt: number | null }> {
    return Promise.resolve({ charges: this.journal.length, oldestAt: this.journal[0]?.appendedAt ?? null });
  }

  async leave(): Promise<void> {
    for (const holdId of [...this.holds.keys()]) await this.release(holdId);
  }

  private async releaseHold(holdId: string): Promise<Array<number | null>> {
    const hold = this.holds.get(holdId);
    if (!hold) return [];
    this.holds.delete(holdId);
    for (const key of hold.keys) this.addUnsettled(key, -hold.amount);
    return this.giveBack(hold.keys, hold.amount);
  }

  private giveBack(keys: readonly string[], amount: number): Promise<Array<number | null>> {
    return Promise.all(keys.map((key) => this.cache.incrByIfPresent(key, amount, BALANCE_TTL_SECONDS)));
  }

  private addUnsettled(key: string, delta: number): void {
    const sum = (this.unsettled.get(key) ?? 0) + delta;
    if (sum === 0) this.unsettled.delete(key);
    else this.unsettled.set(key, sum);
  }

  private inTurn<T>(step: () => Promise<T>): Promise<T> {
    const run = this.turn.then(step);
    this.turn = run.catch(() => undefined);
    return run;
  }
}
