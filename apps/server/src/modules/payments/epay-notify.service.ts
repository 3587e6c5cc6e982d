import { Injectable, Logger } from '@nestjs/common';
import { EPAY_ACK, formatQuotaAsUsd, LogType } from '@tollgate/contracts';
import { formatText } from '../../common/i18n/locale';
import { nowSeconds } from '../../infra/database/columns';
import { LogsService } from '../logs/logs.service';
import { OptionsService } from '../options/options.service';
import { UsersService } from '../users/users.service';
import { epayConfig } from './epay-config';
import { epaySignatureValid } from './epay-signature';
import { TopUpOrdersRepository } from './top-up-orders.repository';
import { type TopUpOrderEntity } from './top-up-order.entity';
import { formatCents, parseMoney } from './top-up-pricing';

export type EpayAck = (typeof EPAY_ACK)[keyof typeof EPAY_ACK];

const TRADE_SUCCESS = 'TRADE_SUCCESS';
// The callback carries no language: its log line uses the console's fallback, Chinese (as sign-ups do).
const TOP_UP_LOG = '在线充值成功，订单 {tradeNo}，充值 {amount}，支付金额 {money}';

/**
 * The gateway's callback (reference §9): signature, merchant and amount checked, then the order credited
 * exactly once. Answers `success` when the payment is on the books (also for a repeated callback, so the
 * gateway stops retrying) and `fail` for anything that must not be believed; every refusal is logged.
 */
@Injectable()
export class EpayNotifyService {
  private readonly logger = new Logger(EpayNotifyService.name);

  constructor(
    private readonly orders: TopUpOrdersRepository,
    private readonly users: UsersService,
    private readonly logs: LogsService,
    private readonly options: OptionsService,
  ) {}

  async handle(raw: unknown): Promise<EpayAck> {
    const params = stringParams(raw);
    const tradeNo = params?.out_trade_no ?? '';
    const refuse = (reason: string): EpayAck => {
      this.logger.warn(`easy-pay callback refused (${reason}), order "${tradeNo.slice(0, 64)}"`);
      return EPAY_ACK.refused;
    };
    if (!params) return refuse('malformed parameters');
    const config = epayConfig((key) => this.options.get(key));
    if (!config) return refuse('online top-up is not configured');
    if (!epaySignatureValid(params, config.key)) return refuse('bad signature');
    if (params.pid !== config.pid) return refuse(`merchant id ${params.pid} is not ours`);
    if (params.trade_status !== TRADE_SUCCESS) {
      this.logger.log(
        `easy-pay callback for "${tradeNo}" with status ${params.trade_status}: nothing to credit`,
      );
      return EPAY_ACK.ok;
    }
    const order = await this.orders.findByTradeNo(tradeNo);
    if (!order) return refuse('unknown order');
    const paid = parseMoney(params.money ?? '');
    if (paid !== order.moneyCents)
      return refuse(`money ${params.money} differs from the order's ${formatCents(order.moneyCents)}`);
    if (!(await this.credit(order)))
      this.logger.warn(`easy-pay callback repeated for "${tradeNo}": already credited`);
    return EPAY_ACK.ok;
  }

  /** One transaction: the order's status change decides; the balance, rebate and log rows go with it. */
  private async credit(order: TopUpOrderEntity): Promise<boolean> {
    const now = nowSeconds();
    // Read before the transaction: a pooled connection is held by it, none is taken inside.
    const user = await this.users.findActiveById(order.userId);
    const outcome = await this.orders.transaction(async (manager) => {
      if (!(await this.orders.markPaid(manager, order.id, now))) return null;
      const rebate = await this.users.creditTopUpIn(manager, order.userId, order.quota, 'zh');
      const amount = formatQuotaAsUsd(order.quota, this.options.getNumber('QuotaPerUnit'));
      await this.logs.recordMany(
        [
          {
            type: LogType.TopUp,
            userId: order.userId,
            username: user?.username ?? '',
            quota: order.quota,
            content: formatText(TOP_UP_LOG, {
              tradeNo: order.tradeNo,
              amount,
              money: formatCents(order.moneyCents),
            }),
            other: JSON.stringify({ trade_no: order.tradeNo, payment_method: order.paymentMethod }),
            createdAt: now,
          },
        ],
        manager,
      );
      return { rebate };
    });
    if (!outcome) return false;
    await this.users.topUpCommitted(order.userId, order.quota, outcome.rebate);
    return true;
  }
}

/** The callback's parameters as strings; null when a value is repeated or not text. */
function stringParams(raw: unknown): Record<string, string> | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== 'string') return null;
    params[name] = value;
  }
  return params;
}
