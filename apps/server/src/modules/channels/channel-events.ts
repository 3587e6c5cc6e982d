import { Injectable, Logger } from '@nestjs/common';
import { PubSub } from '../../infra/redis/redis.ports';

/** Pub/sub channel the relay's routing cache listens on; the message is a JSON array of channel ids or '*'. */
export const CHANNELS_CHANGED = 'channels:changed';
export const ALL_CHANNELS = '*';

/** Tells every replica (this one included) which channels changed so routing caches reload them. */
@Injectable()
export class ChannelEvents {
  private readonly logger = new Logger(ChannelEvents.name);

  constructor(private readonly pubsub: PubSub) {}

  async changed(ids: readonly number[] | typeof ALL_CHANNELS): Promise<void> {
    if (ids !== ALL_CHANNELS && ids.length === 0) return;
    try {
      await this.pubsub.publish(CHANNELS_CHANGED, ids === ALL_CHANNELS ? ALL_CHANNELS : JSON.stringify(ids));
    } catch (error) {
      // The write is committed: failing the request now would invite a duplicate retry. Routing caches are
      // meant to resync periodically as well (SYNC_FREQUENCY), so a lost notice only delays the change.
      this.logger.error(`channel change notice failed: ${String(error)}`);
    }
  }
}
