import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type CheckInResult, type CheckInStatus, LogType } from '@tollgate/contracts';
import { commonError } from '../../common/errors/common.errors';
import { type Locale } from '../../common/i18n/locale';
import { nowSeconds } from '../../infra/database/columns';
import { OptionsService } from '../options/options.service';
import { USER_LOG_TEXTS } from './user-log-texts';
import { UserLogs } from './user-logs';
import { type UserEntity } from './user.entity';
import { isUniqueViolation } from '../../infra/database/sql-helpers';
import { UserEvents } from './user-events';
import { UsersRepository } from './users.repository';
import { userError } from './users.errors';

const AFF_CODE_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const AFF_CODE_LENGTH = 4;
// 62^4 codes: a clash is rare, several in a row practically impossible.
const AFF_CODE_ATTEMPTS = 10;
const DAY_SECONDS = 86_400;

const randomAffCode = (): string =>
  Array.from({ length: AFF_CODE_LENGTH }, () => AFF_CODE_ALPHABET[randomInt(AFF_CODE_ALPHABET.length)]).join(
    '',
  );

/** Check-in reward (reference §8.6): fixed when the maximum is not above the minimum, else uniform. */
export function checkInReward(min: number, max: number): number {
  return max <= min ? min : randomInt(min, max + 1);
}

/** Start of the current UTC calendar day, in epoch seconds. */
export const utcDayStart = (now: number): number => now - (now % DAY_SECONDS);

/** Invitation code and earnings (reference §8.5) and the daily check-in (§8.6). */
@Injectable()
export class UserRewardsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly options: OptionsService,
    private readonly logs: UserLogs,
    private readonly events: UserEvents,
  ) {}

  /** The user's invite code, created on first request. */
  async affCode(userId: number): Promise<string> {
    this.assertAffEnabled();
    for (let attempt = 0; attempt < AFF_CODE_ATTEMPTS; attempt++) {
      const user = await this.activeUser(userId);
      if (user.affCode) return user.affCode;
      try {
        // false: a parallel request set one first; the next round reads it.
        await this.users.setAffCodeIfEmpty(userId, randomAffCode());
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw commonError('internal');
  }

  /** Moves invite earnings into the balance; at least QuotaPerUnit, never more than is there. */
  async transferAffQuota(userId: number, quota: number, locale: Locale): Promise<void> {
    this.assertAffEnabled();
    const minimum = this.options.getNumber('QuotaPerUnit');
    if (quota < minimum) throw userError('transfer_below_minimum', { min: this.logs.amount(minimum) });
    const user = await this.activeUser(userId);
    if (!(await this.users.transferAffQuota(userId, quota))) throw userError('aff_quota_insufficient');
    await this.events.quotaAdded(userId, quota);
    await this.logs.record({ type: LogType.System, user, text: USER_LOG_TEXTS.affTransfer, quota, locale });
  }

  async checkInStatus(userId: number): Promise<CheckInStatus> {
    const user = await this.activeUser(userId);
    const enabled = this.options.getBoolean('CheckInEnabled');
    return { can_check_in: enabled && user.lastCheckInTime < utcDayStart(nowSeconds()) };
  }

  async checkIn(userId: number, locale: Locale): Promise<CheckInResult> {
    if (!this.options.getBoolean('CheckInEnabled')) throw userError('check_in_disabled');
    const user = await this.activeUser(userId);
    const now = nowSeconds();
    const quota = checkInReward(
      this.options.getNumber('CheckInQuota'),
      this.options.getNumber('CheckInMaxQuota'),
    );
    if (!(await this.users.claimCheckIn(userId, utcDayStart(now), now, quota)))
      throw userError('already_checked_in');
    await this.events.quotaAdded(userId, quota);
    await this.logs.record({
      type: LogType.CheckIn,
      user,
      text: USER_LOG_TEXTS.checkInReward,
      quota,
      locale,
    });
    return { quota };
  }

  /** AffEnabled off closes the invitation calls; earnings already made stay in aff_quota until it is on. */
  private assertAffEnabled(): void {
    if (!this.options.getBoolean('AffEnabled')) throw userError('aff_disabled');
  }

  private async activeUser(userId: number): Promise<UserEntity> {
    const user = await this.users.findActiveById(userId);
    if (!user) throw commonError('unauthenticated');
    return user;
  }
}
