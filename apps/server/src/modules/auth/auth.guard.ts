import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { USER_ID_HEADER } from '@tollgate/contracts';
import { type FastifyRequest } from 'fastify';
import { IS_PUBLIC, MIN_ROLE } from '../../common/decorators/auth.decorators';
import { commonError } from '../../common/errors/common.errors';
import { AuthService } from './auth.service';
import { SESSION_COOKIE } from './session.service';

const userIdHeader = USER_ID_HEADER.toLowerCase();

/**
 * Deny by default: every route needs a signed-in caller unless marked @Public(); @Roles() raises the bar.
 * The console's user-id header must name the caller, which also keeps cross-site forms out.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const caller = await this.resolveCaller(request);
    if (!caller) throw commonError('unauthenticated');
    if (request.headers[userIdHeader] !== String(caller.id)) throw commonError('session_user_mismatch');
    const minRole = this.reflector.getAllAndOverride<number | undefined>(MIN_ROLE, targets);
    if (minRole !== undefined && caller.role < minRole) throw commonError('forbidden');
    request.caller = caller;
    return true;
  }

  private async resolveCaller(request: FastifyRequest) {
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie) {
      const unsigned = request.unsignCookie(cookie);
      if (unsigned.valid && unsigned.value) {
        const caller = await this.auth.callerFromSession(unsigned.value);
        if (caller) return caller;
      }
    }
    const authorization = request.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
    return authorization ? this.auth.callerFromAccessToken(authorization) : null;
  }
}
