import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../infra/config/app-config';
import { nowSeconds } from '../../infra/database/columns';
import { JobQueue } from '../../infra/queue/queue.port';
import { TopUpOrdersRepository } from './top-up-orders.repository';

/** An order unpaid this long is given up (its late payment is still credited: the callback accepts it). */
export const ORDER_LIFETIME_SECONDS = 24 * 3600;
const EVERY_HOUR_MS = 3600 * 1000;

/** The top-up-expiry job: pending orders older than a day are marked expired, hourly. */
@Injectable()
export class TopUpExpiryJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger(TopUpExpiryJobs.name);

  constructor(
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
    private readonly orders: TopUpOrdersRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.queue.process('top-up-expiry', () => this.expire());
    if (this.config.runsWorkers) await this.queue.schedule('top-up-expiry', {}, EVERY_HOUR_MS);
  }

  async expire(): Promise<{ expired: number }> {
    const expired = await this.orders.expirePendingBefore(nowSeconds() - ORDER_LIFETIME_SECONDS);
    if (expired > 0) this.logger.log(`${expired} top-up order(s) pending for a day marked expired`);
    return { expired };
  }
}
