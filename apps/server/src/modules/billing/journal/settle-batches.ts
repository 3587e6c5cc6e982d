import { type Redis } from 'ioredis';
import { oneWritePerTurn } from '../../../infra/redis/socket-batching';
import { BALANCE_TTL_MS } from './journal-timing';

// Settlements in one script call at most: a turn that settles thousands at once (held streams cut off
// together) sends several calls, rather than one that keeps Redis from everyone else for long.
export const MAX_SETTLEMENTS_PER_CALL = 64;

/** One settlement's reply: whether its hold was kept, then its balances after (null where not cached). */
export type SettleReply = [0 | 1, ...Array<number | null>];

/** The SETTLE script (see redis-scripts.ts): fixed keys and balance keys, then its arguments. */
export type SettleScript = (...args: Array<string | number>) => Promise<Array<SettleReply | Error>>;

interface Queued {
  balanceKeys: readonly string[];
  args: ReadonlyArray<string | number>;
  resolve: (reply: SettleReply) => void;
  reject: (error: unknown) => void;
}

/**
 * The settlements of one turn of the event loop, sent as SETTLE script calls of up to
 * MAX_SETTLEMENTS_PER_CALL just before the turn's commands leave in their one write (so they count as handed
 * over with them). One call for many costs ioredis and Redis about half of what one call each did.
 */
export class SettleBatches {
  private queued: Queued[] = [];

  constructor(
    private readonly client: Redis,
    private readonly fixedKeys: readonly string[],
    private readonly script: SettleScript,
  ) {}

  /** `args`: hold id or '', charge, keep factor, then the journal entry's fields (see SETTLE). */
  settle(balanceKeys: readonly string[], args: ReadonlyArray<string | number>): Promise<SettleReply> {
    return new Promise((resolve, reject) => {
      oneWritePerTurn(this.client, this.queued.length === 0 ? this.flush : undefined);
      this.queued.push({ balanceKeys, args, resolve, reject });
    });
  }

  private readonly flush = (): void => {
    const queued = this.queued;
    this.queued = [];
    for (let start = 0; start < queued.length; start += MAX_SETTLEMENTS_PER_CALL)
      this.send(queued.slice(start, start + MAX_SETTLEMENTS_PER_CALL));
  };

  private send(batch: Queued[]): void {
    const keys = [...this.fixedKeys];
    const args: Array<string | number> = [BALANCE_TTL_MS];
    for (const { balanceKeys, args: own } of batch) {
      keys.push(...balanceKeys);
      args.push(balanceKeys.length, ...own);
    }
    this.script(keys.length, ...keys, ...args).then(
      (replies) =>
        batch.forEach(({ resolve, reject }, index) => {
          const reply = replies[index];
          if (reply instanceof Error) reject(reply);
          else resolve(reply);
        }),
      (error: unknown) => batch.forEach(({ reject }) => reject(error)),
    );
  }
}
