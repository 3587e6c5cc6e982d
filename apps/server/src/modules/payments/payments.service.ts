import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type EpayFormFields,
  PAYMENT_METHODS,
  type Page,
  type PaymentMethod,
  type TopUpOrder,
  type TopUpPayAnswer,
} from '@tollgate/contracts';
import { commonError } from '../../common/errors/common.errors';
import { type PageQueryDto, pageWindow, toPage } from '../../common/http/pagination';
import { nowSeconds } from '../../infra/database/columns';
import { likeContains } from '../../infra/database/sql-helpers';
import { OptionsService } from '../options/options.service';
import { UsersService } from '../users/users.service';
import { type EpayConfig, epayConfig } from './epay-config';
import { epaySign } from './epay-signature';
import { paymentError } from './payments.errors';
import { toTopUpOrder } from './top-up-orders.mapper';
import { TopUpOrdersRepository } from './top-up-orders.repository';
import {
  formatCents,
  MAX_TOP_UP_AMOUNT,
  minimumAmount,
  moneyCentsFor,
  quotaFor,
  type TopUpPricing,
} from './top-up-pricing';

const TRADE_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const EPAY_TYPE: Record<PaymentMethod, EpayFormFields['type']> = { zfb: 'alipay', wx: 'wxpay' };

/** A priced amount: what the order will credit and charge. */
interface Quote {
  userId: number;
  amount: number;
  quota: number;
  moneyCents: number;
  config: EpayConfig;
}

/** Amount payable, easy-pay orders and the order lists (reference §9). */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly orders: TopUpOrdersRepository,
    private readonly users: UsersService,
    private readonly options: OptionsService,
  ) {}

  /** POST /api/user/amount: the amount payable, "12.34". */
  async amountPayable(userId: number, amount: unknown): Promise<string> {
    return formatCents((await this.quote(userId, amount)).moneyCents);
  }

  /** POST /api/user/pay: records a pending order and answers the signed form for the gateway. */
  async pay(userId: number, amount: unknown, method: unknown): Promise<TopUpPayAnswer> {
    const quote = await this.quote(userId, amount);
    if (!PAYMENT_METHODS.includes(method as PaymentMethod)) throw paymentError('payment_method_invalid');
    const paymentMethod = method as PaymentMethod;
    const now = nowSeconds();
    const tradeNo = `USR${userId}NO${randomText(6)}${now}`;
    await this.orders.insert({
      userId,
      tradeNo,
      quota: quote.quota,
      moneyCents: quote.moneyCents,
      paymentMethod,
      createdAt: now,
    });
    const { config } = quote;
    const unsigned = {
      pid: config.pid,
      type: EPAY_TYPE[paymentMethod],
      out_trade_no: tradeNo,
      name: `TUC${quote.amount}`,
      money: formatCents(quote.moneyCents),
      device: 'pc',
      notify_url: config.notifyUrl,
      return_url: config.returnUrl,
    };
    const data: EpayFormFields = { ...unsigned, sign_type: 'MD5', sign: epaySign(unsigned, config.key) };
    return { success: true, message: 'success', data, url: config.submitUrl };
  }

  async ownOrders(userId: number, query: PageQueryDto): Promise<Page<TopUpOrder>> {
    const [rows, total] = await this.orders.listPage(pageWindow(query), { userId });
    return toPage(
      rows.map((row) => toTopUpOrder(row)),
      total,
      query,
    );
  }

  /** Administrators: every order, newest first; `keyword` = part of a trade number or a user. */
  async allOrders(query: PageQueryDto & { keyword?: string }): Promise<Page<TopUpOrder>> {
    const keyword = query.keyword?.trim();
    const filter = keyword
      ? { keyword: { tradeNo: likeContains(keyword), userIds: await this.userIdsOf(keyword) } }
      : {};
    const [rows, total] = await this.orders.listPage(pageWindow(query), filter);
    const names = await this.users.usernames([...new Set(rows.map((row) => row.userId))]);
    return toPage(
      rows.map((row) => toTopUpOrder(row, names.get(row.userId) ?? '')),
      total,
      query,
    );
  }

  /** Checks the amount against the settings and prices it for the caller's group. */
  private async quote(userId: number, amount: unknown): Promise<Quote> {
    const config = epayConfig((key) => this.options.get(key));
    if (!config) throw paymentError('online_top_up_disabled');
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > MAX_TOP_UP_AMOUNT)
      throw paymentError('amount_invalid', { max: MAX_TOP_UP_AMOUNT });
    const user = await this.users.findActiveById(userId);
    if (!user || !this.users.isUsable(user)) throw commonError('unauthenticated');
    const pricing = this.pricing(user.group);
    const min = minimumAmount(pricing);
    if (amount < min) throw paymentError('amount_below_minimum', { min });
    const moneyCents = moneyCentsFor(amount, pricing);
    if (moneyCents < 1) throw paymentError('money_too_low');
    return { userId, amount, quota: quotaFor(amount, pricing), moneyCents, config };
  }

  private pricing(group: string): TopUpPricing {
    const o = this.options;
    const ratios = o.getJson<Record<string, number>>('TopupGroupRatio');
    return {
      displayInCurrency: o.getBoolean('DisplayInCurrencyEnabled'),
      quotaPerUnit: o.getNumber('QuotaPerUnit'),
      price: o.getNumber('Price'),
      groupRatio: Number(ratios[group] ?? 1),
      minTopUp: o.getNumber('MinTopUp'),
    };
  }

  private async userIdsOf(keyword: string): Promise<number[]> {
    const ids = /^\d{1,9}$/.test(keyword) ? [Number(keyword)] : [];
    const user = await this.users.findActiveByLogin(keyword);
    return user ? [...ids, user.id] : ids;
  }
}

function randomText(length: number): string {
  return Array.from({ length }, () => TRADE_ALPHABET[randomInt(TRADE_ALPHABET.length)]).join('');
}
