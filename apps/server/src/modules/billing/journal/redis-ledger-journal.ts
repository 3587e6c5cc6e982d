import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Redis } from 'ioredis';
import { handedOver, oneWritePerTurn } from '../../../infra/redis/socket-batching';
import { BALANCE_TTL_MS, JOURNAL_LIVENESS_MS } from './journal-timing';
import {
  type Charge,
  type HoldOutcome,
  type JournalEntry,
  LedgerJournal,
  type Settled,
  TOKEN_BALANCE_KEY_PREFIX,
  USER_BALANCE_KEY_PREFIX,
} from './ledger-journal';
import { RELEASE_ABANDONED, RELEASE_HOLD, HOLD, LOAD, ACKNOWLEDGE, SETTLE, UNLOCK } from './redis-scripts';
import { type SettleReply, SettleBatches } from './settle-batches';

// A drain or load holding the lock longer than this is presumed dead; a later commit of its batch is
// refused by the database cursor, so two drainers never apply one charge twice.
const LOCK_TTL_MS = 10_000;
const LOCK_POLL_MS = 5;

type Reply = Array<string | number | null>;

interface JournalScripts {
  tollgateHold(...args: Array<string | number>): Promise<Reply>;
  tollgateSettle(...args: Array<string | number>): Promise<Array<SettleReply | Error>>;
  tollgateRelease(...args: Array<string | number>): Promise<Array<number | null>>;
  tollgateReleaseAbandoned(...args: Array<string | number>): Promise<number>;
  tollgateLoad(...args: Array<string | number>): Promise<number | null>;
  tollgateAcknowledge(...args: Array<string | number>): Promise<number>;
  tollgateUnlock(...args: Array<string | number>): Promise<number>;
}

/**
 * The journal in Redis: balances, holds and the charge stream change together inside one script. Keys:
 * `ledger:journal` (stream of charges), `ledger:unsettled:<balance key>` (held + unapplied, per balance),
 * `ledger:holds:<process>` (hash: hold id → amount and keys), `ledger:processes` (sorted set: process →
 * the time its liveness runs out), `ledger:drain-lock`.
 */
export class RedisLedgerJournal extends LedgerJournal {
  readonly cursorName: string;
  private readonly client: Redis & JournalScripts;
  private readonly processId = randomUUID();
  private readonly keys: {
    journal: string;
    unsettled: string;
    holds: string;
    processes: string;
    lock: string;
  };
  private readonly settlements: SettleBatches;
  private gate: Promise<unknown> = Promise.resolve();

  constructor(
    client: Redis,
    private readonly prefix: string,
  ) {
    super();
    const scripts: Array<[keyof JournalScripts, string]> = [
      ['tollgateHold', HOLD],
      ['tollgateSettle', SETTLE],
      ['tollgateRelease', RELEASE_HOLD],
      ['tollgateReleaseAbandoned', RELEASE_ABANDONED],
      ['tollgateLoad', LOAD],
      ['tollgateAcknowledge', ACKNOWLEDGE],
      ['tollgateUnlock', UNLOCK],
    ];
    // The number of balance keys varies (a user, or a user and a token): every call passes numberOfKeys first.
    for (const [name, lua] of scripts) client.defineCommand(name, { lua });
    this.client = client as Redis & JournalScripts;
    this.keys = {
      journal: `${prefix}ledger:journal`,
      unsettled: `${prefix}ledger:unsettled`,
      holds: this.holdsKey(this.processId),
      processes: `${prefix}ledger:processes`,
      lock: `${prefix}ledger:drain-lock`,
    };
    this.cursorName = this.keys.journal;
    const { holds, unsettled, journal } = this.keys;
    this.settlements = new SettleBatches(client, [holds, unsettled, journal], (...args) =>
      this.client.tollgateSettle(...args),
    );
  }

  async hold(holdId: string, balanceKeys: readonly string[], amount: number): Promise<HoldOutcome> {
    const keys = [this.keys.holds, this.keys.unsettled, ...balanceKeys.map((key) => this.prefix + key)];
    oneWritePerTurn(this.client);
    const [status, ...rest] = await this.client.tollgateHold(
      keys.length,
      ...keys,
      holdId,
      amount,
      BALANCE_TTL_MS,
    );
    if (status === 'held') return { status, balances: rest.map(Number) };
    const key = balanceKeys[Number(rest[0]) - 1];
    return status === 'missing' ? { status, key } : { status: 'short', key, balance: Number(rest[1]) };
  }

  async settle(
    holdId: string | null,
    ledgerKeys: readonly string[],
    charge: Charge,
    keepFactor = 0,
  ): Promise<Settled> {
    const [kept, ...balances] = await this.settlements.settle(
      ledgerKeys.map((key) => this.prefix + key),
      [holdId ?? '', charge.quota, keepFactor, ...entryValues(charge)],
    );
    return { kept: kept === 1, balances };
  }

  // ioredis sends a script whole on each new connection, so a command handed over never waits on a resend.
  handedOver(): Promise<boolean> {
    return handedOver(this.client);
  }

  connected(): boolean {
    return this.client.status === 'ready';
  }

  async release(holdId: string): Promise<Array<number | null>> {
    oneWritePerTurn(this.client);
    return await this.client.tollgateRelease(2, this.keys.holds, this.keys.unsettled, holdId, BALANCE_TTL_MS);
  }

  async load(key: string, stored: number): Promise<number | null> {
    return await this.client.tollgateLoad(2, this.prefix + key, this.keys.unsettled, stored, BALANCE_TTL_MS);
  }

  async entries(max: number): Promise<JournalEntry[]> {
    const rows = await this.client.xrange(this.keys.journal, '-', '+', 'COUNT', max);
    return rows.map(([id, fields]) => entryOf(id, fields));
  }

  async acknowledge(entries: readonly JournalEntry[]): Promise<void> {
    if (entries.length === 0) return;
    // Balance keys are named by the script from the ids: no key text is built per entry here.
    const args = entries.flatMap((entry) => [entry.id, entry.userId, entry.tokenId ?? '', entry.quota]);
    await this.client.tollgateAcknowledge(
      2,
      this.keys.journal,
      this.keys.unsettled,
      this.prefix + USER_BALANCE_KEY_PREFIX,
      this.prefix + TOKEN_BALANCE_KEY_PREFIX,
      ...args,
    );
  }

  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.gate.then(() => this.locked(task));
    this.gate = run.catch(() => undefined);
    return run;
  }

  async keepAlive(): Promise<void> {
    const now = Date.now();
    await this.client.zadd(this.keys.processes, now + JOURNAL_LIVENESS_MS, this.processId);
    const gone = await this.client.zrangebyscore(this.keys.processes, '-inf', now, 'LIMIT', 0, 20);
    for (const processId of gone) {
      await this.client.tollgateReleaseAbandoned(
        3,
        this.holdsKey(processId),
        this.keys.unsettled,
        this.keys.processes,
        processId,
        BALANCE_TTL_MS,
      );
    }
  }

  async backlog(): Promise<{ charges: number; oldestAt: number | null }> {
    const [charges, oldest] = await Promise.all([
      this.client.xlen(this.keys.journal),
      this.client.xrange(this.keys.journal, '-', '+', 'COUNT', 1),
    ]);
    // A stream id starts with the Redis clock's milliseconds at the append.
    return { charges, oldestAt: oldest.length === 0 ? null : Number(oldest[0][0].split('-')[0]) };
  }

  async leave(): Promise<void> {
    // Holds still open here (a call cut off by the stop) are given back like a dead process's.
    await this.client.tollgateReleaseAbandoned(
      3,
      this.keys.holds,
      this.keys.unsettled,
      this.keys.processes,
      this.processId,
      BALANCE_TTL_MS,
    );
  }

  private async locked<T>(task: () => Promise<T>): Promise<T> {
    const token = randomUUID();
    while ((await this.client.set(this.keys.lock, token, 'PX', LOCK_TTL_MS, 'NX')) !== 'OK')
      await sleep(LOCK_POLL_MS);
    try {
      return await task();
    } finally {
      await this.client.tollgateUnlock(1, this.keys.lock, token);
    }
  }

  private holdsKey(processId: string): string {
    return `${this.prefix}ledger:holds:${processId}`;
  }
}

// In the order SETTLE writes them as the entry's fields u, t, c, q and l (read back by entryOf).
function entryValues(charge: Charge): Array<string | number> {
  return [charge.userId, charge.tokenId ?? '', charge.channelId, charge.quota, charge.log ?? ''];
}

// SETTLE writes the fields in this order; read by name all the same.
function entryOf(id: string, fields: string[]): JournalEntry {
  const entry: JournalEntry = { id, userId: 0, tokenId: null, channelId: 0, quota: 0, log: null };
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const value = fields[index + 1];
    switch (fields[index]) {
      case 'u':
        entry.userId = Number(value);
        break;
      case 't':
        entry.tokenId = value === '' ? null : Number(value);
        break;
      case 'c':
        entry.channelId = Number(value);
        break;
      case 'q':
        entry.quota = Number(value);
        break;
      case 'l':
        entry.log = value === '' ? null : value;
    }
  }
  return entry;
}
