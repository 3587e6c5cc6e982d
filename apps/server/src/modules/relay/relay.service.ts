import { Injectable, Logger } from '@nestjs/common';
import { type Price, type Reservation, type Usage } from '../billing/billing.types';
import { PriceCalculator } from '../billing/price-calculator';
import { QuotaLedger } from '../billing/quota-ledger';
import { UsageRecorder } from '../billing/usage-recorder';
import { type Selection } from './channel-selector';
import { adapterFor } from './providers';
import { type RelayEndpoint } from './providers/provider';
import { countText, parseRelayRequest, type RelayRequest } from './relay-request';
import { RelayAttempts, type UpstreamSuccess } from './relay-attempts';
import { RelayRateLimits } from './relay-rate-limits';
import { SseForwarder } from './sse-forwarder';
import { type RelayReply } from './stream-writer';
import { type RelayCaller, TokenAuthenticator } from './token-authenticator';
import { transportFailure } from './upstream-failure';

const logger = new Logger('Relay');

/** One relayed call as billing sees it once the provider has answered. */
interface Settlement {
  caller: RelayCaller;
  request: RelayRequest;
  price: Price;
  reservation: Reservation;
  success: UpstreamSuccess;
  requestId: string;
  startedAt: number;
}

/**
 * The relay hot path (DESIGN §4): check, price, reserve, call upstream (with retries), answer, then settle
 * to the exact cost and log. A failure before the answer refunds the reservation.
 */
@Injectable()
export class RelayService {
  constructor(
    private readonly authenticator: TokenAuthenticator,
    private readonly prices: PriceCalculator,
    private readonly ledger: QuotaLedger,
    private readonly recorder: UsageRecorder,
    private readonly attempts: RelayAttempts,
    private readonly limits: RelayRateLimits,
  ) {}

  async relay(
    endpoint: RelayEndpoint,
    caller: RelayCaller,
    body: unknown,
    requestId: string,
    reply: RelayReply,
  ): Promise<void> {
    const startedAt = Date.now();
    const admission = await this.limits.admit(caller);
    const request = parseRelayRequest(endpoint, body);
    this.authenticator.checkModel(caller, request.model);
    const price = this.prices.priceFor(
      request.model,
      caller.group,
      caller.user.setting.accept_unset_model_ratio_model,
    );
    const reservation = await this.ledger.reserve(
      {
        userId: caller.user.id,
        tokenId: caller.token.id,
        tokenUnlimited: caller.token.unlimitedQuota,
        group: caller.group,
      },
      this.prices.estimateReservation(price, request.promptTokens, request.maxTokens),
    );
    let success: UpstreamSuccess;
    try {
      success = await this.attempts.call(caller, request, reply.signal);
    } catch (error) {
      await this.ledger.refund(reservation);
      throw error;
    }
    // Recorded before the body is forwarded, so the caller's next request already sees it.
    await this.limits.succeeded(admission);
    const settlement = { caller, request, price, reservation, success, requestId, startedAt };
    if (request.stream) await this.stream(settlement, reply);
    else await this.answer(settlement, reply);
  }

  private async answer(settlement: Settlement, reply: RelayReply): Promise<void> {
    const { success, request } = settlement;
    let text: string;
    try {
      text = await success.response.body.text();
    } catch {
      await this.ledger.refund(settlement.reservation);
      throw transportFailure();
    }
    const frt = Date.now() - settlement.startedAt;
    reply.sendJson(success.response.status, text);
    const adapter = adapterFor(success.selection.channel.type);
    const json = parseJson(text);
    const usage = adapter.usageOfJson(json) ?? {
      promptTokens: request.promptTokens,
      completionTokens: countText(adapter.textOfJson(json)),
    };
    await this.settle(settlement, usage, frt);
  }

  // Bytes go to the caller as they arrive; SSE is parsed only to read usage. A caller that leaves, or an
  // upstream that breaks off, still pays for what was generated.
  private async stream(settlement: Settlement, reply: RelayReply): Promise<void> {
    const { success, request } = settlement;
    const adapter = adapterFor(success.selection.channel.type);
    const forwarder = new SseForwarder(adapter, !request.callerWantsUsage);
    let frt = 0;
    reply.startStream();
    try {
      for await (const chunk of success.response.body as AsyncIterable<Buffer>) {
        if (frt === 0) frt = Date.now() - settlement.startedAt;
        await reply.write(forwarder.push(chunk));
        if (reply.signal.aborted) break;
      }
      await reply.write(forwarder.finish());
    } catch {
      // The upstream broke off mid-stream: the caller keeps what it got and is billed for it.
    } finally {
      success.response.body.destroy();
      reply.end();
    }
    const usage = forwarder.usage ?? {
      promptTokens: request.promptTokens,
      completionTokens: countText(forwarder.text),
    };
    await this.settle(settlement, usage, frt);
  }

  // The caller already has its answer: a billing failure here is logged, never sent as a second reply.
  private async settle(settlement: Settlement, usage: Usage, frt: number): Promise<void> {
    try {
      await this.charge(settlement, usage, frt);
    } catch (error) {
      logger.error(`settling request ${settlement.requestId} failed: ${String(error)}`);
    }
  }

  private async charge(settlement: Settlement, usage: Usage, frt: number): Promise<void> {
    const { caller, request, price, reservation, success } = settlement;
    const quota = this.prices.quotaFor(price, usage);
    await this.ledger.settle(reservation, quota, success.selection.channel.id);
    this.recorder.recordConsumption({
      userId: caller.user.id,
      username: caller.user.username,
      tokenId: caller.token.id,
      tokenName: caller.token.name,
      modelName: request.model,
      group: caller.group,
      channelId: success.selection.channel.id,
      isStream: request.stream,
      useTime: Math.round((Date.now() - settlement.startedAt) / 1000),
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      quota,
      content: '',
      other: {
        ...this.prices.logPricing(price, usage),
        frt,
        ...mappingFields(success.selection),
        request_path: request.endpoint,
        request_id: settlement.requestId,
        admin_info: { use_channel: success.usedChannels },
      },
    });
  }
}

function mappingFields(selection: Selection): { is_model_mapped?: boolean; upstream_model_name?: string } {
  return selection.modelMapped ? { is_model_mapped: true, upstream_model_name: selection.upstreamModel } : {};
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
