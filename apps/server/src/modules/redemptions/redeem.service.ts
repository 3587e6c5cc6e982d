import { Injectable } from '@nestjs/common';
import { formatQuotaAsUsd, LogType, REDEMPTION_KEY_MAX_LENGTH, type TopUpResult } from '@tollgate/contracts';
import { commonError } from '../../common/errors/common.errors';
import { formatText, type Locale } from '../../common/i18n/locale';
import { nowSeconds } from '../../infra/database/columns';
import { LogsService } from '../logs/logs.service';
import { OptionsService } from '../options/options.service';
import { UsersService } from '../users/users.service';
import { maskKey, redeemBlocker } from './redemption-rules';
import { type RedemptionEntity } from './redemption.entity';
import { RedemptionsRepository } from './redemptions.repository';
import { redemptionError } from './redemptions.errors';

const TOP_UP_LOG: Record<Locale, string> = {
  en: 'Redeemed code {code} for {amount}',
  zh: '通过兑换码 {code} 充值 {amount}',
};

export interface RedeemContext {
  ip: string;
  /** Language of the log line, the redeemer's own. */
  locale: Locale;
}

/** POST /api/user/topup: a signed-in user turns a code into quota, exactly once per claim. */
@Injectable()
export class RedeemService {
  constructor(
    private readonly codes: RedemptionsRepository,
    private readonly users: UsersService,
    private readonly logs: LogsService,
    private readonly options: OptionsService,
  ) {}

  async redeem(userId: number, rawKey: string | undefined, context: RedeemContext): Promise<TopUpResult> {
    const key = rawKey?.trim() ?? '';
    if (!key) throw redemptionError('key_required');
    const user = await this.users.findActiveById(userId);
    if (!user || !this.users.isUsable(user)) throw commonError('unauthenticated');
    const code = key.length <= REDEMPTION_KEY_MAX_LENGTH ? await this.codes.findByKey(key) : null;
    if (!code) throw redemptionError('invalid_code');
    const now = nowSeconds();
    const blocker = redeemBlocker(code, now);
    if (blocker) throw redemptionError(blocker);
    await this.claim(code, userId, now);
    try {
      await this.users.addQuota(userId, code.quota);
    } catch (error) {
      // The claim stands only with its credit: give the code back rather than swallow it.
      await this.codes.releaseClaim(code.id, userId);
      throw error;
    }
    const amount = formatQuotaAsUsd(code.quota, this.options.getNumber('QuotaPerUnit'));
    await this.logs.record({
      type: LogType.TopUp,
      userId,
      username: user.username,
      quota: code.quota,
      content: formatText(TOP_UP_LOG[context.locale], { code: maskKey(code.key), amount }),
      ip: context.ip,
    });
    // Reference §9: a credited redemption earns the inviter a rebate like an online top-up does.
    await this.users.rebateAfterTopUp(userId, code.quota, context.locale);
    return { quota: code.quota, is_gift: code.isGift };
  }

  /**
   * The per-user row (gift codes: once per user) and the conditional UPDATE each hold on their own,
   * so concurrent redeemers cannot both pass; the loser learns why from the code's state now.
   */
  private async claim(code: RedemptionEntity, userId: number, now: number): Promise<void> {
    if (!(await this.codes.addUse(code.id, userId, now)))
      throw redemptionError(code.isGift ? 'already_redeemed' : 'code_used');
    if (await this.codes.claim(code.id, code.isGift, userId, now)) return;
    await this.codes.removeUse(code.id, userId);
    const current = await this.codes.findById(code.id);
    throw redemptionError((current && redeemBlocker(current, now)) || 'code_used');
  }
}
