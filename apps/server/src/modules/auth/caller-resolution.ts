import { USER_ID_HEADER } from '@tollgate/contracts';
import { type FastifyRequest } from 'fastify';
import { type Caller } from '../../common/decorators/auth.decorators';
import { type AuthService } from './auth.service';
import { readSessionToken } from './session-cookie';

const userIdHeader = USER_ID_HEADER.toLowerCase();

/** Who is calling: the session cookie's user, else the owner of a system access token; null when neither. */
export async function resolveCaller(request: FastifyRequest, auth: AuthService): Promise<Caller | null> {
  const token = readSessionToken(request);
  if (token) {
    const caller = await auth.callerFromSession(token);
    if (caller) return caller;
  }
  const authorization = request.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
  return authorization ? auth.callerFromAccessToken(authorization) : null;
}

/** The console's user-id header must name the caller, which also keeps cross-site requests out. */
export function headerNamesCaller(request: FastifyRequest, caller: Caller): boolean {
  return request.headers[userIdHeader] === String(caller.id);
}
