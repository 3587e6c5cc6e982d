import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { CacheStore } from '../../infra/redis/redis.ports';
import { NotificationService } from '../notifications/notifications.service';
import { OptionsService } from '../options/options.service';
import { type Balance, BalanceLoader } from './balance-loader';
import { billingError } from './billing.errors';
import { type Payer, type Reservation } from './billing.types';
import { CallsAhead } from './calls-ahead';
import { JournalDrain } from './journal-drain';
import { BALANCE_TTL_SECONDS } from './journal/journal-timing';
import { KEEP_FACTOR, KEEP_IDLE_MS, KeptHolds } from './kept-holds';
import { type HoldOutcome, LedgerJournal, ledgerKeysOf, tokenKey, userKey } from './journal/ledger-journal';
import { QuotaStore } from './quota-store';
import { SettlementReplies } from './settlement-replies';
import { type TrustHold, TrustGate } from './trust-gate';

// Reference §3.4 step 4: payers above 10 × QuotaPerUnit are trusted (no reservation).
const TRUST_THRESHOLD_UNITS = 10;
const OPEN_POLL_MS = 10;

function assertQuota(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a quota ≥ 0, got ${value}`);
}

/**
 * Quota balances of users and tokens (reference §3.4–3.5, DESIGN §4). A reservation holds its amount on the
 * cached balances; settling closes the hold and appends the exact charge, with its log row, to the journal
 * in the same atomic step (LedgerJournal); every process drains the journal into the database each second,
 * one transaction a batch, exactly once. So a stopped or killed process loses no answered call's charge in
 * Redis mode, and its open holds are given back; the embedded journal lives and dies with its process.
 * Changes made elsewhere (top-ups, edits) are committed to the database, then added to the cached balance.
 */
@Injectable()
export class QuotaLedger implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(QuotaLedger.name);
  private readonly loader: BalanceLoader;
  /** Reservations not yet settled or refunded, with the trust slots of trusted ones. */
  private readonly open = new Map<string, TrustHold | null>();
  /** Settlements handed over to the journal whose answers have not come back yet. */
  private readonly replies = new SettlementReplies(this.logger);
  private readonly trust: TrustGate;
  private readonly kept: KeptHolds;
  private readonly ahead: CallsAhead;
  private reservationCount = 0;
  private readonly drain: JournalDrain;
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly cache: CacheStore,
    private readonly journal: LedgerJournal,
    private readonly store: QuotaStore,
    options: OptionsService,
    private readonly notifications: NotificationService,
  ) {
    this.trust = new TrustGate(cache, () => TRUST_THRESHOLD_UNITS * options.getNumber('QuotaPerUnit'));
    this.kept = new KeptHolds(journal);
    this.ahead = new CallsAhead((key) => this.trust.balanceSeen(key));
    this.drain = new JournalDrain(journal, store);
    this.loader = new BalanceLoader(cache, journal, (key, value) => this.trust.observe(key, value));
  }

  onModuleInit(): void {
    this.drain.start();
    this.sweep = setInterval(() => void this.kept.giveBackIdle(KEEP_IDLE_MS), KEEP_IDLE_MS / 4).unref();
    // Top-ups, check-ins, admin and token edits write the database, then hand the change over here.
    this.store.onUserQuotaAdded((userId, delta) => this.addCommitted(userKey(userId), delta));
    this.store.onTokenBalanceChange({
      added: (tokenId, delta) => this.addCommitted(tokenKey(tokenId), delta),
      reset: (tokenId) => this.invalidateToken(tokenId),
    });
  }

  /**
   * Runs before the database closes (its closer uses onApplicationShutdown). The process stops taking calls
   * and lets running ones finish first (main.ts); holds still open then are given back.
   */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.sweep);
    await this.drain.stop();
    await this.trust.releaseKept();
    await this.kept.giveBackIdle(0);
    this.replies.reportLate();
    await this.journal
      .leave()
      .catch((error: unknown) => this.logger.error(`leaving the journal: ${String(error)}`));
  }

  /**
   * Pre-consume: holds the amount on the user and a limited token; nothing is held when either is short. A
   * trusted payer (see TrustGate) holds nothing: the reservation's amount is 0 and settling charges it all.
   */
  async reserve(payer: Payer, amount: number): Promise<Reservation> {
    assertQuota('amount', amount);
    const keys = balanceKeys(payer);
    const trusted = await this.trust.admit(keys, amount);
    if (trusted) return this.opened({ id: this.nextReservationId(), payer, amount: 0 }, trusted);
    const kept = this.kept.take(keys, amount);
    if (kept) return this.opened({ id: kept.id, payer, amount: kept.amount }, null);
    const id = this.nextReservationId();
    const outcome = await this.hold(id, payer, keys, amount).catch((error: unknown) => {
      this.kept.journalFailed();
      // A script whose reply was lost (a timeout, a dropped connection) may still have held: give it back,
      // without keeping the caller waiting on a store that just failed.
      void this.journal.release(id).catch(() => undefined);
      throw error;
    });
    if (outcome.status === 'short') this.trust.observe(outcome.key, outcome.balance);
    if (outcome.status !== 'held') throw shortError(outcome, amount);
    outcome.balances.forEach((balance, index) => this.trust.observe(keys[index], balance));
    return this.opened({ id, payer, amount }, null);
  }

  /**
   * Reserves like `reserve`; `ahead` says whether the call may go upstream before the reservation is answered
   * (it must still not be answered, nor charged, before): when the balances last seen here cover it many times
   * over, counting the other calls that went ahead of their reservations.
   */
  reserveAhead(payer: Payer, amount: number): { reserved: Promise<Reservation>; ahead: boolean } {
    const keys = balanceKeys(payer);
    const countOut = this.ahead.admit(keys, amount);
    const reserved = this.reserve(payer, amount);
    reserved.then(countOut, () => {
      countOut?.();
      // Refused (short) or failed (the store is down): the payer's next calls wait for their reservations,
      // rather than each calling the provider for nothing.
      for (const key of keys) this.trust.forget(key);
    });
    return { reserved, ahead: countOut !== null };
  }

  /**
   * Charges the exact cost: the hold is closed and the charge (with its consumption log row, when given)
   * joins the journal in one step; the database applies it within a drain window. Resolves once the charge
   * no longer depends on this process: when the journal has handed it over (Redis has it, or will even if
   * this process dies now), without waiting for its answer (up to AHEAD_OF_REPLIES at a time: see
   * SettlementReplies); otherwise once it is applied.
   */
  async settle(reservation: Reservation, actual: number, channelId: number, log: string | null = null) {
    assertQuota('actual', actual);
    const closed = this.close(reservation);
    if (!closed) return;
    const { payer, amount } = reservation;
    const charge = { userId: payer.userId, tokenId: payer.tokenId, channelId, quota: actual, log };
    const keys = ledgerKeysOf(charge);
    const payerKeys = balanceKeys(payer);
    const mayKeep = amount > 0 && this.kept.mayKeep(payerKeys);
    // A trusted call leaves its slot only once its cost is in the balance.
    const applied = this.journal
      .settle(amount > 0 ? reservation.id : null, keys, charge, mayKeep ? KEEP_FACTOR : 0)
      .catch((error: unknown) => {
        if (mayKeep) this.kept.settled(payerKeys, null);
        this.kept.journalFailed();
        // The hold may have been kept by a settlement whose reply was lost: given back after it.
        if (amount > 0) this.kept.giveBackSoon(reservation.id);
        throw error;
      })
      .finally(() => this.releaseTrust(closed.hold))
      .then(({ kept, balances }) => {
        if (mayKeep) this.kept.settled(payerKeys, kept ? { id: reservation.id, amount } : null);
        this.observe(keys, balances);
        // Reference §3.7: a charge that leaves the user under their threshold warns them (throttled, queued).
        // A kept hold is still the user's money.
        const userLeft = balances[0] === null ? null : balances[0] + (kept ? amount : 0);
        if (actual > 0 && userLeft !== null)
          this.notifications.quotaWarning(payer.userId, userLeft, payer.warningThreshold);
      });
    // Handled at once: a failure is thrown below, or logged once the caller has moved on.
    void applied.catch(() => undefined);
    if (!(await this.journal.handedOver())) return applied;
    // It has left for Redis, which applies it once read: the reply is waited for only past a few unanswered.
    const reply = this.replies.watch(reservation.id, applied);
    if (reply) await reply;
  }

  /** Gives the whole reservation back (the call failed before anything was billable). */
  async refund(reservation: Reservation): Promise<void> {
    const closed = this.close(reservation);
    if (!closed) return;
    this.releaseTrust(closed.hold);
    if (reservation.amount === 0) return;
    const balances = await this.journal.release(reservation.id);
    this.observe(balanceKeys(reservation.payer), balances);
  }

  /**
   * Waits until every reservation made here is settled (and its settlement answered) or refunded, at most
   * `timeoutMs` (the process stops).
   */
  async settled(timeoutMs: number): Promise<void> {
    const busy = () => this.open.size > 0 || this.replies.size > 0;
    for (let waited = 0; busy() && waited < timeoutMs; waited += OPEN_POLL_MS) await sleep(OPEN_POLL_MS);
  }

  /** Applies every charge in the journal to the database now (also runs every second and at shutdown). */
  flush(): Promise<void> {
    return this.drain.flush();
  }

  /**
   * Drops a cached user balance; the next call loads it again (database − unsettled). Relative changes go
   * through addCommitted instead.
   */
  invalidateUser(userId: number): Promise<void> {
    return this.invalidate(userKey(userId));
  }

  invalidateToken(tokenId: number): Promise<void> {
    return this.invalidate(tokenKey(tokenId));
  }

  /** Holds the amount, loading each balance that is not cached once (and giving back what is kept). */
  private async hold(id: string, payer: Payer, keys: string[], amount: number): Promise<HoldOutcome> {
    const loaded = new Set<string>();
    for (;;) {
      const outcome = await this.journal.hold(id, keys, amount);
      // Too little for a call bigger than the payer's kept holds: they go back to the balance first.
      if (outcome.status === 'short' && (await this.kept.giveBackAll(keys))) continue;
      if (outcome.status !== 'missing') return outcome;
      // Still not cached after a load: the user or token row is gone.
      if (loaded.has(outcome.key)) return { status: 'short', key: outcome.key, balance: 0 };
      loaded.add(outcome.key);
      await this.loader.load(this.balanceOf(payer, outcome.key));
    }
  }

  // Reservations are named within this process (its holds live under its own id): a counter is enough.
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

  private observe(keys: readonly string[], balances: ReadonlyArray<number | null>): void {
    balances.forEach((balance, index) => {
      if (balance !== null) this.trust.observe(keys[index], balance);
    });
  }

  /**
   * Adds a change already committed to the database to the cached balance. Dropping the balance instead
   * would reload it without the charges other replicas hold. A load running meanwhile (here or in another
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

  private balanceOf(payer: Payer, key: string): Balance {
    if (key === userKey(payer.userId)) return { key, read: () => this.store.userQuota(payer.userId) };
    return { key, read: () => this.store.tokenRemain(payer.userId, payer.tokenId ?? 0) };
  }
}

/** The balances a payer's calls draw on: the user's, and a limited token's. */
function balanceKeys(payer: Payer): string[] {
  const limitedToken = payer.tokenId !== null && !payer.tokenUnlimited;
  return limitedToken ? [userKey(payer.userId), tokenKey(payer.tokenId ?? 0)] : [userKey(payer.userId)];
}

function shortError(outcome: Exclude<HoldOutcome, { status: 'held' }>, amount: number): Error {
  if (outcome.key.startsWith('quota:user:')) return billingError('insufficient_user_quota');
  const remain = outcome.status === 'short' ? outcome.balance : 0;
  return billingError(remain <= 0 ? 'insufficient_token_quota' : 'pre_consume_token_quota_failed', {
    amount,
    remain,
  });
}
