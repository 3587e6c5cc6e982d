import { Injectable } from '@nestjs/common';
import { LogType } from '@tollgate/contracts';
import { type EntityManager } from 'typeorm';
import { formatText, type Locale } from '../../common/i18n/locale';
import { nowSeconds } from '../../infra/database/columns';
import { LogsService } from '../logs/logs.service';
import { OptionsService } from '../options/options.service';
import { USER_LOG_TEXTS } from './user-log-texts';
import { UserLogs } from './user-logs';
import { UsersRepository } from './users.repository';

// RebatePercentage is kept to a millionth of a percent so the share is computed in integers (0.29 % of 100
// in floating point is 28.999…).
const PERCENT_SCALE = 1_000_000;

/** Reference §9 (derivative): the inviter's share of a credited top-up, floor(credited × percentage / 100). */
export function rebateOf(credited: number, percentage: number): number {
  if (credited <= 0 || !(percentage > 0)) return 0;
  const scaled = BigInt(Math.round(percentage * PERCENT_SCALE));
  return Number((BigInt(credited) * scaled) / BigInt(100 * PERCENT_SCALE));
}

/** What a credited top-up gave the inviter; the cached balance takes it once the transaction commits. */
export interface Rebate {
  inviterId: number;
  quota: number;
}

/** Rebates to inviters: the share, the inviter's balance and a system log line on each side. */
@Injectable()
export class UserRebates {
  constructor(
    private readonly users: UsersRepository,
    private readonly options: OptionsService,
    private readonly logs: LogsService,
    private readonly userLogs: UserLogs,
  ) {}

  /** RebateEnabled with a percentage above 0. */
  active(): boolean {
    return this.options.getBoolean('RebateEnabled') && this.options.getNumber('RebatePercentage') > 0;
  }

  /** Inside the credit's transaction, so a top-up is never credited without its rebate or twice with it. */
  async applyIn(
    manager: EntityManager,
    inviteeId: number,
    credited: number,
    locale: Locale,
  ): Promise<Rebate | null> {
    if (!this.active()) return null;
    const quota = rebateOf(credited, this.options.getNumber('RebatePercentage'));
    if (quota <= 0) return null;
    const pair = await this.users.withInviter(manager, inviteeId);
    if (!pair) return null;
    const { invitee, inviter } = pair;
    await this.users.addQuota(inviter.id, quota, manager);
    const values = {
      amount: this.userLogs.amount(quota),
      credited: this.userLogs.amount(credited),
      invitee: invitee.username,
      inviter: inviter.username,
    };
    const createdAt = nowSeconds();
    await this.logs.recordMany(
      [
        {
          type: LogType.System,
          userId: inviter.id,
          username: inviter.username,
          quota,
          content: formatText(USER_LOG_TEXTS.rebateReceived[locale], values),
          createdAt,
        },
        {
          type: LogType.System,
          userId: invitee.id,
          username: invitee.username,
          quota: 0,
          content: formatText(USER_LOG_TEXTS.rebateGiven[locale], values),
          createdAt,
        },
      ],
      manager,
    );
    return { inviterId: inviter.id, quota };
  }
}
