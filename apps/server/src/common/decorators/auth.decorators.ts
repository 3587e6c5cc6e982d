import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { type FastifyRequest } from 'fastify';

export const IS_PUBLIC = 'is-public';
export const MIN_ROLE = 'min-role';

/** Opens a route to callers without a session (everything else is denied by default). */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension('x-public', true));

/** Raises the bar above "signed in": `@Roles(Role.Admin)`, `@Roles(Role.Root)`. */
export const Roles = (minRole: number) =>
  applyDecorators(SetMetadata(MIN_ROLE, minRole), ApiExtension('x-min-role', minRole));

/** The signed-in caller, set by the auth guard. */
export interface Caller {
  id: number;
  role: number;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

export const CurrentCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller => {
  const caller = ctx.switchToHttp().getRequest<FastifyRequest>().caller;
  if (!caller) throw new Error('CurrentCaller used on a route without the auth guard');
  return caller;
});
