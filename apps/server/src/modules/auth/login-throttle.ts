import { Injectable } from '@nestjs/common';
import { RateLimiter } from '../../infra/redis/redis.ports';
import { authError } from './auth.errors';

const WINDOW_SECONDS = 15 * 60;
const MAX_FAILURES_PER_ACCOUNT = 10;
const MAX_FAILURES_PER_ADDRESS = 30;

/** Slows password guessing: failed logins are counted per account and per client address, across replicas. */
@Injectable()
export class LoginThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  async assertAllowed(login: string, address: string): Promise<void> {
    const [account, client] = await Promise.all([
      this.limiter.peek(this.accountKey(login), MAX_FAILURES_PER_ACCOUNT, WINDOW_SECONDS),
      this.limiter.peek(this.addressKey(address), MAX_FAILURES_PER_ADDRESS, WINDOW_SECONDS),
    ]);
    if (!account.allowed || !client.allowed) {
      const seconds = Math.max(account.retryAfterSeconds, client.retryAfterSeconds);
      throw authError('too_many_login_failures', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
    }
  }

  async recordFailure(login: string, address: string): Promise<void> {
    await Promise.all([
      this.limiter.hit(this.accountKey(login), MAX_FAILURES_PER_ACCOUNT, WINDOW_SECONDS),
      this.limiter.hit(this.addressKey(address), MAX_FAILURES_PER_ADDRESS, WINDOW_SECONDS),
    ]);
  }

  async clear(login: string): Promise<void> {
    await this.limiter.reset(this.accountKey(login));
  }

  private accountKey(login: string): string {
    return `login-fail:account:${login.toLowerCase()}`;
  }

  private addressKey(address: string): string {
    return `login-fail:address:${address}`;
  }
}
