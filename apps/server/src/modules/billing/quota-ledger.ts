import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { CacheStore, PubSub, type Unsubscribe } from '../../infra/redis/redis.ports';
import { TOKENS_CHANGED } from '../tokens/token-events';
import { USERS_CHANGED } from '../users/user-events';
import { billingError } from './billing.errors';
import { type Payer, type Reservation } from './billing.types';
import { PendingDeltas } from './pending-deltas';
import { QuotaStore } from './quota-store';

/** Write-behind window: the database trails the cache by at most this much. */
export const FLUSH_INTERVAL_MS = 1000;
// A cached balance is re-read from the database this often, which bounds how long a direct database
// write nobody announced (a script, a missed notice) stays invisible to the relay.
const BALANCE_TTL_SECONDS = 600;
const LOAD_CLAIM_TTL_SECONDS = 5;
const LOAD_WAIT_MS = 2000;
const LOAD_POLL_MS = 10;

/** A cached balance: its key, how to read it from the database, and its not-yet-written change. */
interface Balance {
  key: string;
  read: () => Promise<number | null>;
  pending: () => number;
}

interface Load {
  done: Promise<void>;
  /** The value to cache has been computed (database + pending); later changes must go to the cache. */
  computed: boolean;
}

function assertQuota(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a quota ≥ 0, got ${value}`);
}

/**
 * Quota balances of users and tokens, debited atomically in the CacheStore (Redis, or this process in
 * embedded mode) and written to the database in batches (reference §3.4–3.5, DESIGN §4).
 *
 * Invariant: cached balance = database balance + pending deltas of this process. A cache miss reads
 * the database and adds the pending deltas, under the same lock as the flush, so a batch being written
 * is never counted twice or missed. Deltas are relative (`quota = quota + x`) and each table's part of
 * a batch commits once: a stopped process flushes first; a killed one loses at most the last window
 * (the database then undercharges, never double-charges).
 */
@Injectable()
export class QuotaLedger implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger(QuotaLedger.name);
  private readonly pending = new PendingDeltas();
  private readonly loads = new Map<string, Load>();
  private readonly open = new Set<string>();
  private gate: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribes: Unsubscribe[] = [];

  constructor(
    private readonly cache: CacheStore,
    private readonly pubsub: PubSub,
    private readonly store: QuotaStore,
  ) {}

  async onModuleInit(): Promise<void> {
    this.timer = setInterval(() => void this.flushQuietly(), FLUSH_INTERVAL_MS).unref();
    // Admin edits, top-ups and redemptions write the database and announce the ids: drop those balances.
    this.unsubscribes = await Promise.all([
      this.pubsub.subscribe(USERS_CHANGED, (message) =>
        this.onChanged(message, (id) => this.invalidateUser(id)),
      ),
      this.pubsub.subscribe(TOKENS_CHANGED, (message) =>
        this.onChanged(message, (id) => this.invalidateToken(id)),
      ),
    ]);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.unsubscribes.map((unsubscribe) => unsubscribe()));
  }

  /** Runs before the database closes (its closer uses onApplicationShutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flushQuietly();
  }

  /** Pre-consume: debits the user, then a limited token; nothing is debited when either is short. */
  async reserve(payer: Payer, amount: number): Promise<Reservation> {
    assertQuota('amount', amount);
    const user = this.userBalance(payer.userId);
    const left = await this.debit(user, amount);
    // Reference §3.4 step 3: a user at or below zero is refused even for a free call.
    if (left === null || left + amount <= 0) {
      if (left !== null) await this.adjust(user.key, amount);
      throw billingError('insufficient_user_quota');
    }
    if (payer.tokenId !== null && !payer.tokenUnlimited)
      await this.reserveToken(payer, payer.tokenId, amount);
    this.pending.addUser(payer.userId, { quota: -amount, usedQuota: 0, requestCount: 0 });
    if (payer.tokenId !== null) this.pending.addToken(payer.tokenId, { remainQuota: -amount, usedQuota: 0 });
    const reservation = { id: randomUUID(), payer, amount };
    this.open.add(reservation.id);
    return reservation;
  }

  /** Charges the exact cost: actual − reserved on user and token, usage counters, channel used quota. */
  async settle(reservation: Reservation, actual: number, channelId: number): Promise<void> {
    assertQuota('actual', actual);
    if (!this.close(reservation)) return;
    const { payer, amount } = reservation;
    const extra = actual - amount;
    this.pending.addUser(payer.userId, { quota: -extra, usedQuota: actual, requestCount: 1 });
    if (payer.tokenId !== null)
      this.pending.addToken(payer.tokenId, { remainQuota: -extra, usedQuota: actual });
    if (channelId > 0) this.pending.addChannel(channelId, actual);
    await this.adjustPayer(payer, -extra);
  }

  /** Gives the whole reservation back (the call failed before anything was billable). */
  async refund(reservation: Reservation): Promise<void> {
    if (!this.close(reservation)) return;
    const { payer, amount } = reservation;
    this.pending.addUser(payer.userId, { quota: amount, usedQuota: 0, requestCount: 0 });
    if (payer.tokenId !== null) this.pending.addToken(payer.tokenId, { remainQuota: amount, usedQuota: 0 });
    await this.adjustPayer(payer, amount);
  }

  /** Writes every pending delta to the database now (also runs every second and at shutdown). */
  flush(): Promise<void> {
    return this.exclusive(async () => {
      if (this.pending.isEmpty()) return;
      const { unwritten, error } = await this.store.write(this.pending.take());
      if (error === undefined) return;
      this.pending.restore(unwritten);
      throw error;
    });
  }

  /** Drops a cached user balance after a direct database write; the next call re-reads it. */
  invalidateUser(userId: number): Promise<void> {
    return this.invalidate(this.userBalance(userId).key);
  }

  invalidateToken(tokenId: number): Promise<void> {
    return this.invalidate(tokenKey(tokenId));
  }

  private async reserveToken(payer: Payer, tokenId: number, amount: number): Promise<void> {
    const token = this.tokenBalance(payer.userId, tokenId);
    const left = await this.debit(token, amount);
    if (left !== null && left + amount > 0) return;
    if (left !== null) await this.adjust(token.key, amount);
    await this.adjust(userKey(payer.userId), amount);
    const remain = left !== null ? left + amount : Number((await this.cache.get(token.key)) ?? 0);
    throw billingError(remain <= 0 ? 'insufficient_token_quota' : 'pre_consume_token_quota_failed', {
      amount,
      remain,
    });
  }

  private close(reservation: Reservation): boolean {
    if (this.open.delete(reservation.id)) return true;
    this.logger.warn(`reservation ${reservation.id} was already settled or refunded; ignored`);
    return false;
  }

  private async adjustPayer(payer: Payer, delta: number): Promise<void> {
    const limitedToken = payer.tokenId !== null && !payer.tokenUnlimited;
    await Promise.all([
      this.adjust(userKey(payer.userId), delta),
      limitedToken ? this.adjust(tokenKey(payer.tokenId ?? 0), delta) : undefined,
    ]);
  }

  /** Conditional debit; a missing key is loaded once and the debit retried. null = short. */
  private async debit(balance: Balance, amount: number): Promise<number | null> {
    const left = await this.cache.decrByIfEnough(balance.key, amount);
    if (left !== null || (await this.cache.get(balance.key)) !== null) return left;
    await this.load(balance);
    return this.cache.decrByIfEnough(balance.key, amount);
  }

  /**
   * Applies a change already recorded in `pending` to the cached balance. An uncached balance is left
   * alone: its next load reads the change from `pending`.
   */
  private async adjust(key: string, delta: number): Promise<void> {
    if (delta === 0) return;
    const load = this.loads.get(key);
    if (load && !load.computed) return;
    if (load) await load.done.catch(() => undefined);
    if ((await this.cache.get(key)) === null) return;
    const value = await this.cache.incrBy(key, delta, BALANCE_TTL_SECONDS);
    // The key vanished between the two calls and incrBy created it from 0: drop that value, reload later.
    if (value === delta) await this.cache.del(key);
  }

  private load(balance: Balance): Promise<void> {
    const running = this.loads.get(balance.key);
    if (running) return running.done;
    const load: Load = { done: Promise.resolve(), computed: false };
    load.done = this.loadOnce(balance, load).finally(() => this.loads.delete(balance.key));
    this.loads.set(balance.key, load);
    return load.done;
  }

  // The claim key makes one replica read the database while the others wait for the value it caches:
  // two loaders writing the same key could erase a debit made in between.
  private async loadOnce(balance: Balance, load: Load): Promise<void> {
    const claim = `${balance.key}:loading`;
    const claimed = (await this.cache.incrBy(claim, 1, LOAD_CLAIM_TTL_SECONDS)) === 1;
    // A claim left by a replica that died mid-load expires; after waiting, load anyway.
    if (!claimed && (await this.waitFor(balance.key))) return;
    try {
      await this.exclusive(async () => {
        if ((await this.cache.get(balance.key)) !== null) return;
        const stored = await balance.read();
        if (stored === null) return;
        const value = stored + balance.pending();
        load.computed = true;
        await this.cache.set(balance.key, String(value), BALANCE_TTL_SECONDS);
      });
    } finally {
      await this.cache.del(claim);
    }
  }

  /** Whether another loader cached the key in time. */
  private async waitFor(key: string): Promise<boolean> {
    for (let waited = 0; waited < LOAD_WAIT_MS; waited += LOAD_POLL_MS) {
      if ((await this.cache.get(key)) !== null) return true;
      await sleep(LOAD_POLL_MS);
    }
    return false;
  }

  private async invalidate(key: string): Promise<void> {
    await this.loads.get(key)?.done.catch(() => undefined);
    await this.cache.del(key);
  }

  /** Database reads of balances and flushes take turns, so a load never sees half a batch. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.gate.then(task);
    this.gate = run.catch(() => undefined);
    return run;
  }

  private async flushQuietly(): Promise<void> {
    try {
      await this.flush();
    } catch (error) {
      this.logger.error(`quota write-behind failed, retrying next window: ${String(error)}`);
    }
  }

  private onChanged(message: string, drop: (id: number) => Promise<void>): void {
    let ids: unknown;
    try {
      ids = JSON.parse(message);
    } catch {
      return;
    }
    if (!Array.isArray(ids)) return;
    for (const id of ids) {
      if (typeof id !== 'number' || !Number.isSafeInteger(id)) continue;
      drop(id).catch((error: unknown) => this.logger.error(`balance invalidation failed: ${String(error)}`));
    }
  }

  private userBalance(userId: number): Balance {
    return {
      key: userKey(userId),
      read: () => this.store.userQuota(userId),
      pending: () => this.pending.userQuota(userId),
    };
  }

  private tokenBalance(userId: number, tokenId: number): Balance {
    return {
      key: tokenKey(tokenId),
      read: () => this.store.tokenRemain(userId, tokenId),
      pending: () => this.pending.tokenRemain(tokenId),
    };
  }
}

function userKey(userId: number): string {
  return `quota:user:${userId}`;
}

function tokenKey(tokenId: number): string {
  return `quota:token:${tokenId}`;
}
