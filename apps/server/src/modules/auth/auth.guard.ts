import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type FastifyRequest } from 'fastify';
import { IS_PUBLIC, MIN_ROLE } from '../../common/decorators/auth.decorators';
import { commonError } from '../../common/errors/common.errors';
import { AuthService } from './auth.service';
import { headerNamesCaller, resolveCaller } from './caller-resolution';

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
    const caller = await resolveCaller(request, this.auth);
    if (!caller) throw commonError('unauthenticated');
    if (!headerNamesCaller(request, caller)) throw commonError('session_user_mismatch');
    const minRole = this.reflector.getAllAndOverride<number | undefined>(MIN_ROLE, targets);
    if (minRole !== undefined && caller.role < minRole) throw commonError('forbidden');
    request.caller = caller;
    return true;
  }
}
