import { type SelfUser } from '@tollgate/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { toSelfUser } from '../users/user.mapper';
import { type LoginResult } from './auth.service';
import { setSessionCookie } from './session-cookie';

/** Every sign-in answers alike: the session cookie plus the user, as password login does. */
export function answerSignIn(request: FastifyRequest, reply: FastifyReply, result: LoginResult): SelfUser {
  setSessionCookie(request, reply, result.sessionToken);
  return toSelfUser(result.user);
}
