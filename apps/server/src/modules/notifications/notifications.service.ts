import { Injectable, Logger } from '@nestjs/common';
import { formatQuotaAsUsd } from '@tollgate/contracts';
import { AppConfig } from '../../infra/config/app-config';
import { JobQueue } from '../../infra/queue/queue.port';
import { publicAddress } from '../auth/public-address';
import { OptionsService } from '../options/options.service';
import { UsersService } from '../users/users.service';
import { type Notice, quotaNotice } from './notices';
import { NotificationThrottle } from './notification-throttle';

const QUOTA_EXCEED = 'quota_exceed';

/**
 * Notifications (reference §2.6, §3.7, §3.8): quota warnings to users and channel notices to root, each
 * throttled per user and type, delivered by the notify queue so no caller waits on mail or webhooks.
 */
@Injectable()
export class NotificationService {
  private readonly logger = new Logger(NotificationService.name);

  constructor(
    private readonly users: UsersService,
    private readonly options: OptionsService,
    private readonly config: AppConfig,
    private readonly queue: JobQueue,
    private readonly throttle: NotificationThrottle,
  ) {}

  /**
   * Called by billing's settlement on the hot path with the user's quota left after the charge and their own
   * threshold (null: the QuotaRemindThreshold option applies). Compares in memory and returns at once: the
   * throttle and the queue run without the caller.
   */
  quotaWarning(userId: number, remainingQuota: number, ownThreshold: number | null): void {
    const threshold = ownThreshold ?? this.options.getNumber('QuotaRemindThreshold');
    if (remainingQuota >= threshold) return;
    if (this.throttle.isHeld(userId, QUOTA_EXCEED)) return;
    void this.warn(userId, remainingQuota, threshold);
  }

  /** A notice to the root user by their notify settings; never throws (a lost notice is logged). */
  async notifyRoot(notice: Notice): Promise<void> {
    try {
      const root = await this.users.findRoot();
      if (!root || !this.users.isUsable(root)) return;
      await this.enqueue(root.id, notice);
    } catch (error) {
      this.logger.error(`${notice.type} notice to root not queued: ${String(error)}`);
    }
  }

  private async warn(userId: number, remaining: number, threshold: number): Promise<void> {
    try {
      const notice = quotaNotice({
        remaining: this.displayQuota(remaining),
        remaining_quota: remaining,
        threshold,
        topup_url: `${publicAddress(this.options, this.config)}/topup`,
      });
      await this.enqueue(userId, notice);
    } catch (error) {
      this.logger.error(`quota warning for user #${userId} not queued: ${String(error)}`);
    }
  }

  /** As the console shows quota: dollars when DisplayInCurrencyEnabled, else the raw amount. */
  private displayQuota(quota: number): string {
    if (!this.options.getBoolean('DisplayInCurrencyEnabled')) return String(quota);
    return formatQuotaAsUsd(quota, this.options.getNumber('QuotaPerUnit'));
  }

  private async enqueue(userId: number, notice: Notice): Promise<void> {
    if (!(await this.throttle.claim(userId, notice.type))) return;
    try {
      await this.queue.add('notify', { userId, ...notice });
    } catch (error) {
      await this.throttle.release(userId, notice.type);
      throw error;
    }
  }
}
