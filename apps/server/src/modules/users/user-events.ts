import { Injectable, Logger } from '@nestjs/common';
import { BalanceHook } from '../../common/balance-hook';
import { PubSub } from '../../infra/redis/redis.ports';

/** Pub/sub channel the relay's user cache listens on; the message is a JSON array of user ids. */
export const USERS_CHANGED = 'users:changed';

/** Takes a committed relative change of a user's balance into the cached balance. */
export type QuotaListener = (userId: number, delta: number) => Promise<void>;

/** Tells every replica (this one included) which users changed so relay caches drop them. */
@Injectable()
export class UserEvents {
  private readonly logger = new Logger(UserEvents.name);
  private readonly ledger = new BalanceHook<QuotaListener>(this.logger);

  constructor(private readonly pubsub: PubSub) {}

  async changed(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.pubsub.publish(USERS_CHANGED, JSON.stringify(ids));
    } catch (error) {
      // The write is committed: the relay cache's TTL bounds how long a lost notice matters.
      this.logger.error(`user change notice failed: ${String(error)}`);
    }
  }

  /** The billing ledger listens here (see BalanceHook). */
  onQuotaAdded(listener: QuotaListener): void {
    this.ledger.listen(listener);
  }

  async quotaAdded(userId: number, delta: number): Promise<void> {
    if (delta !== 0) await this.ledger.tell(`user ${userId}`, (added) => added(userId, delta));
  }
}
