import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type FastifyRequest } from 'fastify';
import { commonError } from '../../common/errors/common.errors';
import { AppConfig } from '../../infra/config/app-config';
import { RateLimiter } from '../../infra/redis/redis.ports';

/**
 * Reference §4 "critical" limit: login, registration, mails, reset and OAuth share one budget per client
 * address (20 per 20 minutes by default), counted across replicas; beyond it the answer is 429.
 */
@Injectable()
export class CriticalRateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { limit, windowSeconds } = this.config.identity.criticalRateLimit;
    if (limit === 0) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const decision = await this.limiter.hit(`critical:${request.ip}`, limit, windowSeconds);
    if (!decision.allowed) throw commonError('too_many_requests').withRetryAfter(decision.retryAfterSeconds);
    return true;
  }
}
