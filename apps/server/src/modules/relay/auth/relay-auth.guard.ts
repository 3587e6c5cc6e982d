import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { requestIdOf } from '../errors/request-id';
import { type TokenCaller, TokenAuthenticator } from './token-authenticator';

declare module 'fastify' {
  interface FastifyRequest {
    relayCaller?: TokenCaller;
  }
}

/** Token auth for relay routes (they are @Public() to the console's session guard); also names the request. */
@Injectable()
export class RelayAuthGuard implements CanActivate {
  constructor(private readonly authenticator: TokenAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    request.relayCaller = await authenticateRelayCall(
      this.authenticator,
      request,
      http.getResponse<FastifyReply>(),
    );
    return true;
  }
}

/** Names the request (X-Request-Id, so refusals carry it too), then checks its token. */
export function authenticateRelayCall(
  authenticator: TokenAuthenticator,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<TokenCaller> {
  requestIdOf(request, reply);
  return authenticator.authenticate({ headers: request.headers, path: request.url, ip: request.ip });
}

export const CurrentRelayCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): TokenCaller => {
  const caller = ctx.switchToHttp().getRequest<FastifyRequest>().relayCaller;
  if (!caller) throw new Error('CurrentRelayCaller used on a route without RelayAuthGuard');
  return caller;
});
