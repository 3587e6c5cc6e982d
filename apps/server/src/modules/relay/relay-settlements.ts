import { Injectable, Logger } from '@nestjs/common';
import { GatewayMetrics } from '../../infra/metrics/gateway-metrics';
import { type Price, type Reservation, type Usage } from '../billing/billing.types';
import { PriceCalculator } from '../billing/price-calculator';
import { QuotaLedger } from '../billing/quota-ledger';
import { UsageRecorder } from '../billing/usage-recorder';
import { OptionsService } from '../options/options.service';
import { type RelayCaller } from './auth/token-authenticator';
import { chatContentOf } from './logging/chat-content';
import { loggedTokenOf } from './logging/relay-error-log';
import { type RelayRequest } from './requests/relay-request';
import { type UpstreamSuccess } from './upstream/relay-attempts';

const logger = new Logger('Relay');

/** One relayed call as billing sees it once the provider has answered. */
export interface Settlement {
  caller: RelayCaller;
  request: RelayRequest;
  price: Price;
  reservation: Reservation;
  success: UpstreamSuccess;
  requestId: string;
  startedAt: number;
  /** performance.now() at the start, for the latency metrics. */
  clock: number;
  ip: string;
}

/** The last step of a relayed call: its exact cost and consumption log, settled through the ledger. */
@Injectable()
export class RelaySettlements {
  constructor(
    private readonly prices: PriceCalculator,
    private readonly ledger: QuotaLedger,
    private readonly recorder: UsageRecorder,
    private readonly options: OptionsService,
    private readonly metrics: GatewayMetrics,
  ) {}

  /**
   * Charges what `usage` costs, `output` giving the answer's text when chat content is logged. The caller has
   * its answer (or is about to): a billing failure here is logged, never sent as a second reply.
   */
  async settle(settlement: Settlement, usage: Usage, frt: number, output: () => string): Promise<void> {
    try {
      await this.charge(settlement, usage, frt, output);
    } catch (error) {
      logger.error(`settling request ${settlement.requestId} failed: ${String(error)}`);
    }
  }

  private async charge(
    settlement: Settlement,
    usage: Usage,
    frt: number,
    output: () => string,
  ): Promise<void> {
    const { caller, request, price, reservation, success } = settlement;
    const quota = this.prices.quotaFor(price, usage);
    const other = this.prices.logOther(price, usage, {
      frt,
      requestPath: request.path,
      requestId: settlement.requestId,
      usedChannels: success.usedChannels,
      upstreamModel: success.selection.modelMapped ? success.selection.upstreamModel : null,
    });
    if (this.options.getBoolean('LogChatContentEnabled'))
      Object.assign(other, chatContentOf(request, output()));
    const token = loggedTokenOf(caller);
    const log = this.recorder.consumptionLog({
      userId: caller.user.id,
      username: caller.user.username,
      tokenId: token.tokenId,
      tokenName: token.tokenName,
      modelName: request.model,
      group: caller.group,
      channelId: success.selection.channel.id,
      isStream: request.stream,
      useTime: Math.round((Date.now() - settlement.startedAt) / 1000),
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      quota,
      content: '',
      ip: settlement.ip,
      other,
    });
    await this.ledger.settle(reservation, quota, success.selection.channel.id, log);
    this.metrics.quotaSettled(quota);
  }
}
