import { Global, Logger, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { IoredisCacheStore } from './ioredis-cache-store';
import { IoredisPubSub } from './ioredis-pub-sub';
import { IoredisRateLimiter } from './ioredis-rate-limiter';
import { MemoryCacheStore } from './memory-cache-store';
import { MemoryPubSub } from './memory-pub-sub';
import { MemoryRateLimiter } from './memory-rate-limiter';
import { redisBackend } from './redis-backend';
import { RedisConnections } from './redis-connections';
import { CacheStore, PubSub, RateLimiter } from './redis.ports';

const logger = new Logger('Redis');

function logHandlerError(channel: string, error: unknown): void {
  logger.error(
    `pub/sub handler for "${channel}" failed`,
    error instanceof Error ? error.stack : String(error),
  );
}

/** Cache, pub/sub and rate limiter for the whole app: Redis when REDIS_URL is set, this process otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: RedisConnections,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        new RedisConnections(config, (connection, error) =>
          logger.error(`${connection} connection: ${error.message}`),
        ),
    },
    {
      provide: CacheStore,
      inject: [AppConfig, RedisConnections],
      useFactory: (config: AppConfig, connections: RedisConnections): CacheStore =>
        redisBackend(config) === 'redis'
          ? new IoredisCacheStore(connections.command, config.redisPrefix)
          : new MemoryCacheStore(),
    },
    {
      provide: PubSub,
      inject: [AppConfig, RedisConnections],
      useFactory: (config: AppConfig, connections: RedisConnections): PubSub =>
        redisBackend(config) === 'redis'
          ? new IoredisPubSub(
              connections.command,
              connections.subscriber,
              config.redisPrefix,
              logHandlerError,
            )
          : new MemoryPubSub(logHandlerError),
    },
    {
      provide: RateLimiter,
      inject: [AppConfig, RedisConnections],
      useFactory: (config: AppConfig, connections: RedisConnections): RateLimiter =>
        redisBackend(config) === 'redis'
          ? new IoredisRateLimiter(connections.command, config.redisPrefix)
          : new MemoryRateLimiter(),
    },
  ],
  exports: [CacheStore, PubSub, RateLimiter, RedisConnections],
})
export class RedisModule {}
