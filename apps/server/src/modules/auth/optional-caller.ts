import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { type FastifyRequest } from 'fastify';
import { type Caller } from '../../common/decorators/auth.decorators';
import { AuthService } from './auth.service';
import { headerNamesCaller, resolveCaller } from './caller-resolution';

/**
 * For public routes that act differently for a signed-in caller (OAuth: bind instead of login).
 * Never refuses; the caller counts only with the console's matching user-id header, as on private routes.
 */
@Injectable()
export class OptionalCallerGuard implements CanActivate {
  constructor(private readonly auth: AuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const caller = await resolveCaller(request, this.auth);
    if (caller && headerNamesCaller(request, caller)) request.caller = caller;
    return true;
  }
}

/** The signed-in caller on a route guarded by OptionalCallerGuard, or null. */
export const OptionalCaller = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Caller | null =>
    ctx.switchToHttp().getRequest<FastifyRequest>().caller ?? null,
);
