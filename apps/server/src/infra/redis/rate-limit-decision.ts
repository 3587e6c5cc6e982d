import { type RateLimitDecision } from './redis.ports';

export function allowedDecision(remaining: number): RateLimitDecision {
  return { allowed: true, remaining: Math.max(0, remaining), retryAfterSeconds: 0 };
}

/** A refusal always asks the caller to wait at least one second, even when the oldest hit is about to leave. */
export function refusedDecision(waitMs: number): RateLimitDecision {
  return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

export function windowMs(windowSeconds: number): number {
  return Math.ceil(windowSeconds * 1000);
}
