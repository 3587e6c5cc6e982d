import { type AppError, type ErrorCatalogue, errorFactory } from '../../common/errors/app-error';

export type RedisErrorCode = 'service_unavailable';

// Callers are told the gateway is out for a moment, not which store it lost.
export const REDIS_ERRORS: ErrorCatalogue<RedisErrorCode> = {
  service_unavailable: {
    kind: 'unavailable',
    en: 'Service temporarily unavailable, please try again shortly',
    zh: '服务暂时不可用，请稍后再试',
  },
};

export const redisError = errorFactory(REDIS_ERRORS);

// Reconnection attempts are at most a second apart (see redis-connections), so that is worth a retry.
const RETRY_AFTER_SECONDS = 1;

// ioredis's words when a command waited longer than commandTimeout for its reply (it may still be applied).
const REPLY_TIMED_OUT = 'Command timed out';

// ioredis's own words when a command had no connection to go out on, lost it, or waited too long for a reply.
const UNREACHABLE = new Set([
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Connection is closed.',
  REPLY_TIMED_OUT,
]);

export const isReplyTimeout = (error: unknown): boolean =>
  error instanceof Error && error.message === REPLY_TIMED_OUT;

/** Redis could not be reached (as opposed to refusing a command, which stays a 500). */
export function isRedisUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return UNREACHABLE.has(error.message) || error.name === 'MaxRetriesPerRequestError';
}

/**
 * The domain error for a Redis outage met anywhere (a cache, rate limit, ledger or queue call), or null for
 * any other failure. The error filter applies it, so no store call site has to.
 */
export function redisOutageOf(error: unknown): AppError | null {
  if (!isRedisUnreachable(error)) return null;
  return redisError('service_unavailable').withRetryAfter(RETRY_AFTER_SECONDS);
}
