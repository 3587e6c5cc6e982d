import { Injectable } from '@nestjs/common';
import { type Reservation } from '../billing/billing.types';
import { QuotaLedger } from '../billing/quota-ledger';
import { type RelayCaller } from './auth/token-authenticator';
import { payerOf } from './auth/payer-of';
import { type RelayRequest } from './requests/relay-request';
import { RelayAttempts, type UpstreamSuccess } from './upstream/relay-attempts';
import { AbortSwitch } from './upstream/upstream-client';

/** A reserved call the provider has answered. */
export interface ReservedCall {
  reservation: Reservation;
  success: UpstreamSuccess;
}

/**
 * The middle of a relayed call: its estimate reserved and the provider called (with retries). A call that fails
 * upstream gives its reservation back; nothing reaches the caller before the reservation holds.
 */
@Injectable()
export class RelayReservations {
  constructor(
    private readonly ledger: QuotaLedger,
    private readonly attempts: RelayAttempts,
  ) {}

  /**
   * When the payer's balances cover the call many times over, its upstream request goes out while the
   * reservation travels to Redis (a round trip off the answer's path), and a refused reservation cuts it off.
   * `between` runs after the reservation instead (a huge prompt lets other callers in there).
   */
  async reserveAndCall(
    caller: RelayCaller,
    request: RelayRequest,
    estimate: number,
    signal: AbortSwitch,
    between?: () => Promise<void>,
  ): Promise<ReservedCall> {
    if (between) {
      const reservation = await this.ledger.reserve(payerOf(caller), estimate);
      await between();
      return this.call(caller, request, reservation, signal);
    }
    const { reserved, ahead } = this.ledger.reserveAhead(payerOf(caller), estimate);
    if (!ahead) return this.call(caller, request, await reserved, signal);
    const refused = new AbortSwitch(signal);
    const calling = this.attempts.call(caller, request, refused);
    // Its failure is handled below, once the reservation is known; meanwhile it must not count as unhandled.
    calling.catch(() => undefined);
    let reservation: Reservation;
    try {
      reservation = await reserved;
    } catch (error) {
      refused.abort();
      void calling.then(
        (success) => success.response.body.destroy(),
        () => undefined,
      );
      throw error;
    }
    return { reservation, success: await this.refundOnFailure(reservation, calling) };
  }

  private async call(
    caller: RelayCaller,
    request: RelayRequest,
    reservation: Reservation,
    signal: AbortSwitch,
  ) {
    const success = await this.refundOnFailure(reservation, this.attempts.call(caller, request, signal));
    return { reservation, success };
  }

  private async refundOnFailure(reservation: Reservation, calling: Promise<UpstreamSuccess>) {
    try {
      return await calling;
    } catch (error) {
      await this.ledger.refund(reservation);
      throw error;
    }
  }
}
