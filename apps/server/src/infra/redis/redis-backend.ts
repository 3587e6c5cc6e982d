import { type AppConfig } from '../config/app-config';

export type RedisBackend = 'redis' | 'memory';

/** Which backend the cache, pub/sub, rate limiter and job queue use; the startup log states it. */
export function redisBackend(config: AppConfig): RedisBackend {
  return config.redisUrl ? 'redis' : 'memory';
}
