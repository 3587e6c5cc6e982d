import { EventEmitter } from 'node:events';
import { type PubSub, type Unsubscribe } from './redis.ports';
import { guardHandler, type HandlerErrorLogger, type MessageHandler } from './pub-sub-handler';

/** Embedded-mode pub/sub: like Redis, delivery is asynchronous and reaches the publisher's own subscribers. */
export class MemoryPubSub implements PubSub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  constructor(private readonly logError: HandlerErrorLogger) {}

  publish(channel: string, message: string): Promise<void> {
    setImmediate(() => this.emitter.emit(channel, message));
    return Promise.resolve();
  }

  subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe> {
    const guarded = guardHandler(channel, handler, this.logError);
    this.emitter.on(channel, guarded);
    return Promise.resolve(() => {
      this.emitter.off(channel, guarded);
      return Promise.resolve();
    });
  }
}
