import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { requestIdOf } from './request-id';
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
    requestIdOf(request, http.getResponse<FastifyReply>());
    request.relayCaller = await this.authenticator.authenticate({
      headers: request.headers,
      path: request.url,
      ip: request.ip,
    });
    return true;
  }
}

export const CurrentRelayCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): TokenCaller => {
  const caller = ctx.switchToHttp().getRequest<FastifyRequest>().relayCaller;
  if (!caller) throw new Error('CurrentRelayCaller used on a route without RelayAuthGuard');
  return caller;
});
