import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from './session.service';

/** The value of a signed cookie, or null when absent or tampered with. */
export function readSignedCookie(request: FastifyRequest, name: string): string | null {
  const cookie = request.cookies[name];
  if (!cookie) return null;
  const unsigned = request.unsignCookie(cookie);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

export function setSignedCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
  path = '/',
): void {
  void reply.setCookie(name, value, {
    path,
    httpOnly: true,
    // Lax: the console's own calls carry it, cross-site posts do not.
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: maxAgeSeconds,
  });
}

/** Every sign-in (password or third party) ends here: the session token goes into the same cookie. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionToken: string): void {
  setSignedCookie(request, reply, SESSION_COOKIE, sessionToken, SESSION_TTL_SECONDS);
}

export function readSessionToken(request: FastifyRequest): string | null {
  return readSignedCookie(request, SESSION_COOKIE);
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The request's own session token (null without a cookie), so a change can end every session but this one. */
export const CurrentSessionToken = createParamDecorator((_: unknown, ctx: ExecutionContext): string | null =>
  readSessionToken(ctx.switchToHttp().getRequest<FastifyRequest>()),
);
