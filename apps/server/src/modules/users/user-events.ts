import { Injectable, Logger } from '@nestjs/common';
import { PubSub } from '../../infra/redis/redis.ports';

/** Pub/sub channel the relay's user cache listens on; the message is a JSON array of user ids. */
export const USERS_CHANGED = 'users:changed';

/** Tells every replica (this one included) which users changed so relay caches drop them. */
@Injectable()
export class UserEvents {
  private readonly logger = new Logger(UserEvents.name);

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
}
