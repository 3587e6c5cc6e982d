/** One settled call as the database applies it: the charge and, when consumption logs are on, its row. */
export interface Charge {
  userId: number;
  tokenId: number | null;
  /** 0 when no channel served the call. */
  channelId: number;
  quota: number;
  /** The consumption log row as JSON; null when LogConsumeEnabled is off. */
  log: string | null;
}

/** A charge waiting in the journal; ids grow with every append. */
export interface JournalEntry extends Charge {
  id: string;
}

export type HoldOutcome =
  | { status: 'held'; balances: number[] }
  /** The balance is not cached: load it, then try again. */
  | { status: 'missing'; key: string }
  /** Nothing was debited: this balance is below the amount, or at or below zero. */
  | { status: 'short'; key: string; balance: number };

export interface Settled {
  /** The hold stays open under its id (see LedgerJournal.settle). */
  kept: boolean;
  balances: Array<number | null>;
}

/**
 * The ledger's atomic side (DESIGN §4): cached balances, the holds (reservations) debited from them, and a
 * journal of settled charges that the database has not applied yet. Each call below changes the balances,
 * the holds and the journal in one atomic step, so a process that dies between two of them leaves nothing
 * half done: its charges stay in the journal for any process to apply, and its holds are given back.
 *
 * Invariant: cached balance = database balance − Σ unsettled, where unsettled counts, per balance, the
 * amounts still held and the charges not yet applied. A balance is loaded from that, atomically.
 *
 * Drivers: Redis (Lua scripts, shared by every replica, durable as the Redis server is) and in-process
 * (embedded mode: a crash loses the charges of the last drain window, and the cache with them).
 */
export abstract class LedgerJournal {
  /** Names the database cursor of this journal; null when an entry can never be delivered twice. */
  abstract readonly cursorName: string | null;

  /** Debits `amount` from every balance when all have enough, and records the hold. */
  abstract hold(holdId: string, balanceKeys: readonly string[], amount: number): Promise<HoldOutcome>;

  /**
   * Closes the hold (when still open) and appends the charge: each balance of `ledgerKeys` is debited the
   * charge minus what its hold had taken. A hold already given back (its process was thought dead) takes
   * nothing off. With a `keepFactor`, the hold may instead stay open, still debited, for the payer's next call
   * here: when every balance it holds keeps `keepFactor` × its amount after the charge (a journal may always
   * decline). Answers whether it was kept and the balances after, null where not cached or unchanged.
   */
  abstract settle(
    holdId: string | null,
    ledgerKeys: readonly string[],
    charge: Charge,
    keepFactor?: number,
  ): Promise<Settled>;

  /**
   * Whether what was asked of the journal so far happens even if this process dies now: it has left the
   * process for a store of its own, whose answer has not come yet. Always false for a journal in the process.
   */
  abstract handedOver(): Promise<boolean>;

  /** Whether the store is reachable now, as far as this process knows without asking it. */
  abstract connected(): boolean;

  /** Gives a hold back when still open; answers the balances after in the hold's key order. */
  abstract release(holdId: string): Promise<Array<number | null>>;

  /** Caches `stored − unsettled` when the balance is not cached; answers the value, or null when it was. */
  abstract load(key: string, stored: number): Promise<number | null>;

  /** The oldest charges not yet acknowledged. */
  abstract entries(max: number): Promise<JournalEntry[]>;

  /** The database has applied these: they leave the journal and the unsettled sums, once. */
  abstract acknowledge(entries: readonly JournalEntry[]): Promise<void>;

  /**
   * Runs the task while no other drain or balance load runs (in any process): a load reads the database and
   * the unsettled sums of one moment.
   */
  abstract exclusive<T>(task: () => Promise<T>): Promise<T>;

  /** Says this process is alive and gives back the holds of processes that stopped saying so. */
  abstract keepAlive(): Promise<void>;

  /** Charges not yet applied to the database, and when the oldest of them was appended (epoch ms). */
  abstract backlog(): Promise<{ charges: number; oldestAt: number | null }>;

  /** This process is leaving (its holds are all closed). */
  abstract leave(): Promise<void>;
}

/** The balance key of a user or of a token, as the cache and the journal name them. */
export const USER_BALANCE_KEY_PREFIX = 'quota:user:';
export const TOKEN_BALANCE_KEY_PREFIX = 'quota:token:';
export const userKey = (userId: number): string => USER_BALANCE_KEY_PREFIX + userId;
export const tokenKey = (tokenId: number): string => TOKEN_BALANCE_KEY_PREFIX + tokenId;

/** Every balance a charge touches in the database: the user's, and the token's (limited or not). */
export function ledgerKeysOf(charge: Pick<Charge, 'userId' | 'tokenId'>): string[] {
  return charge.tokenId === null
    ? [userKey(charge.userId)]
    : [userKey(charge.userId), tokenKey(charge.tokenId)];
}
