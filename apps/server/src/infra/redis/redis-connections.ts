import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { type AppConfig } from '../config/app-config';

export type ConnectionErrorLogger = (connection: string, error: Error) => void;

/**
 * Reconnect for ever, at most a second apart, so service resumes about a second after Redis does (ioredis
 * waits up to 2 s between attempts by default); a connection attempt that hangs is given up after 2 s.
 */
export const RECONNECT: RedisOptions = {
  connectTimeout: 2000,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
};

/**
 * While Redis is unreachable a command fails at once (callers answer 503, see redis.errors) instead of
 * waiting in ioredis's offline queue for a reconnect: not sent without a connection, not resent after losing
 * it (a script may have run), and given up when no reply came within a second.
 */
const FAIL_FAST = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 1000,
} satisfies RedisOptions;

/**
 * Switches the client to FAIL_FAST once it has connected. Until then its commands wait for the connection as
 * ioredis's defaults have them (the app's boot, a test's first command), so it may be used as soon as made.
 * ioredis reads these options on every command and every reconnection.
 */
export function failFastOnceConnected(client: Redis): void {
  client.once('ready', () => Object.assign(client.options, FAIL_FAST));
}

const logger = new Logger('Redis');

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
      ...RECONNECT,
    });
    failFastOnceConnected(client);
    logOutages(client, role, this.logError);
    return client;
  }
}

/**
 * Logs the first error of an outage and the return, not every failed reconnection attempt (one a second).
 * A subscriber resubscribes by itself on reconnecting (ioredis's autoResubscribe).
 */
export function logOutages(client: Redis, role: string, logError: ConnectionErrorLogger): void {
  let lostAt: number | null = null;
  client.on('error', (error: Error) => {
    if (lostAt !== null) return;
    lostAt = Date.now();
    logError(role, error);
  });
  client.on('ready', () => {
    if (lostAt === null) return;
    logger.log(`${role} connection is back after ${((Date.now() - lostAt) / 1000).toFixed(1)} s`);
    lostAt = null;
  });
}

/** QUIT when connected (lets pending replies arrive); otherwise just drop the socket and stop reconnecting. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit();
    return;
  }
  client.disconnect();
}
