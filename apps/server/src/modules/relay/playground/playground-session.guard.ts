import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { commonError } from '../../../common/errors/common.errors';
import { AuthService } from '../../auth/auth.service';
import { headerNamesCaller } from '../../auth/caller-resolution';
import { readSessionToken } from '../../auth/session-cookie';
import { playgroundError } from '../errors/playground.errors';
import { requestIdOf } from '../errors/request-id';

/**
 * Session auth for the playground (reference §1.1): the console's cookie and user-id header, as on /api. A
 * system access token is refused with 400 — the playground bills the signed-in user, not a script.
 * Its routes are @Public() to the global guard, which would accept an access token.
 */
@Injectable()
export class PlaygroundSessionGuard implements CanActivate {
  constructor(private readonly auth: AuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    requestIdOf(request, http.getResponse<FastifyReply>());
    const session = readSessionToken(request);
    const caller = session ? await this.auth.callerFromSession(session) : null;
    if (!caller) {
      if (await this.bearsAccessToken(request)) throw playgroundError('access_token_not_supported');
      throw commonError('unauthenticated');
    }
    if (!headerNamesCaller(request, caller)) throw commonError('session_user_mismatch');
    request.caller = caller;
    return true;
  }

  private async bearsAccessToken(request: FastifyRequest): Promise<boolean> {
    const accessToken = request.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
    return accessToken ? (await this.auth.callerFromAccessToken(accessToken)) !== null : false;
  }
}
