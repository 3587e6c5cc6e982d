import { type Redis } from 'ioredis';
import { type PubSub, type Unsubscribe } from './redis.ports';
import { guardHandler, type HandlerErrorLogger, type MessageHandler } from './pub-sub-handler';

interface Channel {
  handlers: Set<MessageHandler>;
  /** Settles when Redis has confirmed the SUBSCRIBE; later subscribers wait on it too. */
  subscribed: Promise<unknown>;
}

/** One SUBSCRIBE per channel on the dedicated subscriber connection, fanned out to local handlers. */
export class IoredisPubSub implements PubSub {
  private readonly channels = new Map<string, Channel>();

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly logError: HandlerErrorLogger,
  ) {
    subscriber.on('message', (name: string, message: string) => {
      for (const handler of this.channels.get(name)?.handlers ?? []) handler(message);
    });
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.publisher.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe> {
    const name = this.prefix + channel;
    let entry = this.channels.get(name);
    if (!entry) {
      entry = { handlers: new Set(), subscribed: this.subscriber.subscribe(name) };
      this.channels.set(name, entry);
    }
    // A wrapper per call, so subscribing the same function twice gives two independent subscriptions.
    const guarded = guardHandler(channel, handler, this.logError);
    entry.handlers.add(guarded);
    try {
      await entry.subscribed;
    } catch (error) {
      await this.remove(name, entry, guarded);
      throw error;
    }
    const subscribed = entry;
    return () => this.remove(name, subscribed, guarded);
  }

  private async remove(name: string, entry: Channel, handler: MessageHandler): Promise<void> {
    if (!entry.handlers.delete(handler) || entry.handlers.size > 0) return;
    if (this.channels.get(name) !== entry) return;
    this.channels.delete(name);
    // Same connection as SUBSCRIBE: Redis applies them in order, so a re-subscribe racing this still wins.
    await this.subscriber.unsubscribe(name);
  }
}
