import { Injectable } from '@nestjs/common';
import { type AppError } from '../../../common/errors/app-error';
import { RateLimiter } from '../../../infra/redis/redis.ports';
import { OptionsService } from '../../options/options.service';
import { relayError } from '../errors/relay-errors';
import { type RelayCaller } from '../auth/token-authenticator';

/** One sliding window a call is counted in, with the refusal naming it. */
interface LimitWindow {
  key: string;
  limit: number;
  seconds: number;
  refusal: () => AppError;
}

/** What an admitted call still has to record: its success windows, once the provider answered 2xx. */
export interface Admission {
  successWindows: readonly LimitWindow[];
}

const UNLIMITED: Admission = { successWindows: [] };

/**
 * Per-token and global per-user model rate limits (reference §4), in the shared RateLimiter so they hold
 * across replicas. Totals are recorded on admission; successes only after a 2xx, so a full success window
 * is peeked before admitting instead of being hit.
 */
@Injectable()
export class RelayRateLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly options: OptionsService,
  ) {}

  async admit(caller: RelayCaller): Promise<Admission> {
    const totals: LimitWindow[] = [];
    const successes: LimitWindow[] = [];
    this.tokenWindows(caller, totals, successes);
    this.userWindows(caller, totals, successes);
    // The common case (no limits configured) costs no round trip.
    if (totals.length === 0 && successes.length === 0) return UNLIMITED;
    await Promise.all(successes.map((window) => this.check(window, false)));
    await Promise.all(totals.map((window) => this.check(window, true)));
    return { successWindows: successes };
  }

  async succeeded(admission: Admission): Promise<void> {
    // The common case (no success limits) records nothing.
    if (admission.successWindows.length === 0) return;
    await Promise.all(
      admission.successWindows.map((window) => this.limiter.hit(window.key, window.limit, window.seconds)),
    );
  }

  private async check(window: LimitWindow, record: boolean): Promise<void> {
    const decision = record
      ? await this.limiter.hit(window.key, window.limit, window.seconds)
      : await this.limiter.peek(window.key, window.limit, window.seconds);
    if (!decision.allowed) throw window.refusal().withRetryAfter(decision.retryAfterSeconds);
  }

  private tokenWindows(caller: RelayCaller, totals: LimitWindow[], successes: LimitWindow[]): void {
    // Playground calls have no token: only the user's limits apply.
    if (!caller.token) return;
    const { id, rateLimit } = caller.token;
    if (!rateLimit.enabled || rateLimit.period <= 0) return;
    const seconds = rateLimit.period;
    if (rateLimit.count > 0)
      totals.push({
        key: `rl:token:${id}:total`,
        limit: rateLimit.count,
        seconds,
        refusal: () => relayError('token_rate_limit_exceeded', { count: rateLimit.count, seconds }),
      });
    if (rateLimit.success > 0)
      successes.push({
        key: `rl:token:${id}:success`,
        limit: rateLimit.success,
        seconds,
        refusal: () => relayError('token_success_rate_limit_exceeded', { count: rateLimit.success, seconds }),
      });
  }

  private userWindows(caller: RelayCaller, totals: LimitWindow[], successes: LimitWindow[]): void {
    if (!this.options.getBoolean('ModelRequestRateLimitEnabled') || this.isExempt(caller.group)) return;
    const minutes = this.options.getNumber('ModelRequestRateLimitDurationMinutes');
    if (minutes <= 0) return;
    const seconds = minutes * 60;
    const id = caller.user.id;
    const count = this.options.getNumber('ModelRequestRateLimitCount');
    const successCount = this.options.getNumber('ModelRequestRateLimitSuccessCount');
    if (count > 0)
      totals.push({
        key: `rl:user:${id}:total`,
        limit: count,
        seconds,
        refusal: () => relayError('rate_limit_exceeded', { count, minutes }),
      });
    if (successCount > 0)
      successes.push({
        key: `rl:user:${id}:success`,
        limit: successCount,
        seconds,
        refusal: () => relayError('success_rate_limit_exceeded', { count: successCount, minutes }),
      });
  }

  private isExempt(group: string): boolean {
    return (
      this.options.getBoolean('global.rate_limit_exempt_enabled') &&
      this.options.get('global.rate_limit_exempt_group') === group
    );
  }
}
