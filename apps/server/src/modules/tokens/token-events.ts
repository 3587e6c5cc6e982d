import { Injectable, Logger } from '@nestjs/common';
import { PubSub } from '../../infra/redis/redis.ports';

/** Pub/sub channel the relay's token cache listens on; the message is a JSON array of token ids. */
export const TOKENS_CHANGED = 'tokens:changed';

/** Tells every replica (this one included) which tokens changed so relay caches drop them. */
@Injectable()
export class TokenEvents {
  private readonly logger = new Logger(TokenEvents.name);

  constructor(private readonly pubsub: PubSub) {}

  async changed(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.pubsub.publish(TOKENS_CHANGED, JSON.stringify(ids));
    } catch (error) {
      // The write is committed: the relay cache's TTL bounds how long a lost notice matters.
      this.logger.error(`token change notice failed: ${String(error)}`);
    }
  }
}
