import { type CanActivate, type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { type FastifyRequest } from 'fastify';
import { AppConfig } from '../../infra/config/app-config';
import { OptionsService } from '../options/options.service';
import { authError } from './auth.errors';

const VERIFY_TIMEOUT_MS = 5_000;

/** Cloudflare Turnstile: the console's widget token is checked server-side with the secret key. */
@Injectable()
export class TurnstileVerifier {
  private readonly logger = new Logger(TurnstileVerifier.name);

  constructor(
    private readonly options: OptionsService,
    private readonly config: AppConfig,
  ) {}

  /** Passes when the bot check is off or the token is accepted; throws the message to show otherwise. */
  async assertHuman(token: string | undefined, remoteIp: string): Promise<void> {
    if (!this.options.getBoolean('TurnstileCheckEnabled')) return;
    if (!token) throw authError('turnstile_missing');
    if (!(await this.verify(token, remoteIp))) throw authError('turnstile_failed');
  }

  private async verify(token: string, remoteIp: string): Promise<boolean> {
    const form = new URLSearchParams({
      secret: this.options.get('TurnstileSecretKey'),
      response: token,
      remoteip: remoteIp,
    });
    try {
      const response = await fetch(this.config.identity.endpoints.turnstileVerifyUrl, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      const body = (await response.json()) as { success?: unknown; 'error-codes'?: unknown };
      if (body.success === true) return true;
      this.logger.warn(`Turnstile refused a token: ${JSON.stringify(body['error-codes'] ?? [])}`);
      return false;
    } catch (error) {
      // Unreachable verifier: fail closed, the check is on for a reason.
      this.logger.warn(
        `Turnstile verification failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
  }
}

/** Runs the bot check on the `turnstile` query parameter (reference §8.4). */
@Injectable()
export class TurnstileGuard implements CanActivate {
  constructor(private readonly turnstile: TurnstileVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context
      .switchToHttp()
      .getRequest<FastifyRequest<{ Querystring: { turnstile?: unknown } }>>();
    const token = request.query.turnstile;
    await this.turnstile.assertHuman(typeof token === 'string' ? token : undefined, request.ip);
    return true;
  }
}
