import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CacheStore } from '../../infra/redis/redis.ports';
import { NotificationService } from '../notifications/notifications.service';
import { OptionsService } from '../options/options.service';
import { BALANCE_TTL_SECONDS, type Balance, BalanceLoader } from './balance-loader';
import { billingError } from './billing.errors';
import { type Payer, type Reservation } from './billing.types';
import { PendingDeltas } from './pending-deltas';
import { QuotaStore } from './quota-store';
import { type TrustHold, TrustGate } from './trust-gate';

/** Write-behind window: the database trails the cache by at most this much. */
export const FLUSH_INTERVAL_MS = 1000;
// Reference §3.4 step 4: payers above 10 × QuotaPerUnit are trusted (no reservation).
const TRUST_THRESHOLD_UNITS = 10;

function assertQuota(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a quota ≥ 0, got ${value}`);
}

/**
 * Quota balances of users and tokens, debited atomically in the CacheStore (Redis, or this process in
 * embedded mode) and written to the database in batches (reference §3.4–3.5, DESIGN §4).
 *
 * Invariant: cached balance = database balance + pending deltas of every process. A cache miss reads
 * the database and adds this process's pending deltas, under the same lock as the flush, so a batch being
 * written is never counted twice or missed; other replicas' are in the database by then, as a balance is
 * dropped only after resting 10 minutes. Changes made elsewhere (top-ups, edits) are added to the cached
 * balance, not reloaded. Deltas are relative (`quota = quota + x`) and each table's part of a batch commits
 * once: a stopped process flushes first; a killed one loses at most the last window (the database then
 * undercharges, never double-charges).
 */
@Injectable()
export class QuotaLedger implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(QuotaLedger.name);
  private readonly pending = new PendingDeltas();
  private readonly loader: BalanceLoader;
  /** Reservations not yet settled or refunded, with the trust slots of trusted ones. */
  private readonly open = new Map<string, TrustHold | null>();
  private readonly trust: TrustGate;
  private gate: Promise<unknown> = Promise.resolve();
  private reservationCount = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly cache: CacheStore,
    private readonly store: QuotaStore,
    options: OptionsService,
    private readonly notifications: NotificationService,
  ) {
    this.trust = new TrustGate(cache, () => TRUST_THRESHOLD_UNITS * options.getNumber('QuotaPerUnit'));
    this.loader = new BalanceLoader(
      cache,
      (task) => this.exclusive(task),
      (key, value) => this.trust.observe(key, value),
    );
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flushQuietly(), FLUSH_INTERVAL_MS).unref();
    // Top-ups, check-ins, admin and token edits write the database, then hand the change over here.
    this.store.onUserQuotaAdded((userId, delta) => this.addCommitted(userKey(userId), delta));
    this.store.onTokenBalanceChange({
      added: (tokenId, delta) => this.addCommitted(tokenKey(tokenId), delta),
      reset: (tokenId) => this.invalidateToken(tokenId),
    });
  }

  /** Runs before the database closes (its closer uses onApplicationShutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flushQuietly();
    await this.trust.releaseKept();
  }

  /**
   * Pre-consume: debits the user, then a limited token; nothing is debited when either is short. A trusted
   * payer (see TrustGate) is debited nothing: the reservation's amount is 0 and settling charges it all.
   */
  async reserve(payer: Payer, amount: number): Promise<Reservation> {
    assertQuota('amount', amount);
    const hold = await this.trust.admit(balanceKeys(payer), amount);
    if (hold) return this.opened({ id: this.nextReservationId(), payer, amount: 0 }, hold);
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
    return this.opened({ id: this.nextReservationId(), payer, amount }, null);
  }

  /** Charges the exact cost: actual − reserved on user and token, usage counters, channel used quota. */
  async settle(reservation: Reservation, actual: number, channelId: number): Promise<void> {
    assertQuota('actual', actual);
    const closed = this.close(reservation);
    if (!closed) return;
    const { payer, amount } = reservation;
    const extra = actual - amount;
    this.pending.addUser(payer.userId, { quota: -extra, usedQuota: actual, requestCount: 1 });
    if (payer.tokenId !== null)
      this.pending.addToken(payer.tokenId, { remainQuota: -extra, usedQuota: actual });
    if (channelId > 0) this.pending.addChannel(channelId, actual);
    // A trusted call leaves its slot only once its cost is in the balance.
    const [userLeft] = await this.adjustPayer(payer, -extra).finally(() => this.releaseTrust(closed.hold));
    // Reference §3.7: a charge that leaves the user under their threshold warns them (throttled, queued).
    if (actual > 0 && userLeft !== null)
      this.notifications.quotaWarning(payer.userId, userLeft, payer.warningThreshold);
  }

  /** Gives the whole reservation back (the call failed before anything was billable). */
  async refund(reservation: Reservation): Promise<void> {
    const closed = this.close(reservation);
    if (!closed) return;
    this.releaseTrust(closed.hold);
    const { payer, amount } = reservation;
    if (amount === 0) return;
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

  /**
   * Drops a cached user balance; the next call re-reads it. The reload sees this process's unwritten
   * changes but not other replicas' (up to one write-behind window): relative changes go through
   * addCommitted instead.
   */
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

  // Reservations never leave this process: a counter names them uniquely, and costs less than a UUID.
  private nextReservationId(): string {
    this.reservationCount += 1;
    return String(this.reservationCount);
  }

  private opened(reservation: Reservation, hold: TrustHold | null): Reservation {
    this.open.set(reservation.id, hold);
    return reservation;
  }

  private close(reservation: Reservation): { hold: TrustHold | null } | null {
    const hold = this.open.get(reservation.id);
    if (hold !== undefined && this.open.delete(reservation.id)) return { hold };
    this.logger.warn(`reservation ${reservation.id} was already settled or refunded; ignored`);
    return null;
  }

  private releaseTrust(hold: TrustHold | null): void {
    if (hold) this.trust.release(hold);
  }

  /** The balances after the change (user first), null where unknown (not cached, or no change). */
  private adjustPayer(payer: Payer, delta: number): Promise<Array<number | null>> {
    return Promise.all(balanceKeys(payer).map((key) => this.adjust(key, delta)));
  }

  /** Conditional debit; a missing key is loaded once and the debit retried. null = short. */
  private async debit(balance: Balance, amount: number): Promise<number | null> {
    let left = await this.cache.decrByIfEnough(balance.key, amount, BALANCE_TTL_SECONDS);
    if (left === null && (await this.cache.get(balance.key)) === null) {
      await this.loader.load(balance);
      left = await this.cache.decrByIfEnough(balance.key, amount, BALANCE_TTL_SECONDS);
    }
    if (left !== null) this.trust.observe(balance.key, left);
    return left;
  }

  /**
   * Applies a change already recorded in `pending` to the cached balance. An uncached balance is left
   * alone: its next load reads the change from `pending`.
   */
  private async adjust(key: string, delta: number): Promise<number | null> {
    if (delta === 0) return null;
    const load = this.loader.running(key);
    if (load && !load.computed) return null;
    if (load) await load.done.catch(() => undefined);
    // One round trip: an expired or dropped balance is not recreated, its next load reads `pending`.
    const value = await this.cache.incrByIfPresent(key, delta, BALANCE_TTL_SECONDS);
    if (value !== null) this.trust.observe(key, value);
    return value;
  }

  /**
   * Adds a change already committed to the database to the cached balance. Dropping the balance instead
   * would reload it without other replicas' unwritten spend. A load running meanwhile (here or in another
   * replica) may or may not have read the change: that balance is dropped once loaded, and read again.
   */
  private async addCommitted(key: string, delta: number): Promise<void> {
    const value = await this.cache.incrByIfPresent(key, delta, BALANCE_TTL_SECONDS);
    if (await this.loader.waitForLoad(key)) return this.invalidate(key);
    if (value !== null) this.trust.observe(key, value);
  }

  private async invalidate(key: string): Promise<void> {
    this.trust.forget(key);
    await this.loader.running(key)?.done.catch(() => undefined);
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

/** The balances a payer's calls draw on: the user's, and a limited token's. */
function balanceKeys(payer: Payer): string[] {
  const limitedToken = payer.tokenId !== null && !payer.tokenUnlimited;
  return limitedToken ? [userKey(payer.userId), tokenKey(payer.tokenId ?? 0)] : [userKey(payer.userId)];
}

function userKey(userId: number): string {
  return `quota:user:${userId}`;
}

function tokenKey(tokenId: number): string {
  return `quota:token:${tokenId}`;
}
