import type { OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { type AppConfig } from '../config/app-config';

export type ConnectionErrorLogger = (connection: string, error: Error) => void;

/**
 * Owns the two ioredis connections of this process: one for commands, one for subscriptions
 * (a subscribed connection can't run other commands). Created on first use, so embedded mode opens none.
 */
export class RedisConnections implements OnApplicationShutdown {
  private commandClient: Redis | undefined;
  private subscriberClient: Redis | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly logError: ConnectionErrorLogger,
  ) {}

  get command(): Redis {
    this.commandClient ??= this.open('command');
    return this.commandClient;
  }

  get subscriber(): Redis {
    this.subscriberClient ??= this.open('subscriber');
    return this.subscriberClient;
  }

  // Closed last (after every module's onModuleDestroy) so flushers and workers can still write on the way out.
  async onApplicationShutdown(): Promise<void> {
    const clients = [this.commandClient, this.subscriberClient].filter((client) => client !== undefined);
    this.commandClient = undefined;
    this.subscriberClient = undefined;
    await Promise.all(clients.map((client) => closeRedis(client)));
  }

  private open(role: string): Redis {
    if (!this.config.redisUrl) throw new Error('REDIS_URL is not configured');
    const client = new Redis(this.config.redisUrl, {
      connectionName: `tollgate-${role}`,
      lazyConnect: false,
    });
    client.on('error', (error: Error) => this.logError(role, error));
    return client;
  }
}

/** QUIT when connected (lets pending replies arrive); otherwise just drop the socket and stop reconnecting. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit();
    return;
  }
  client.disconnect();
}
