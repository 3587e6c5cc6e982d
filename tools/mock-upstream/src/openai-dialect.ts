// OpenAI's rules: any `Authorization: Bearer <key>` passes except the reserved "bad-key".
import type { Dialect, RequestView } from './dialect';
import { invalidRequest, statusError } from './errors';

const BAD_KEY = 'bad-key';
const NO_KEY =
  "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).";

export const OPENAI_DIALECT: Dialect = {
  authenticate(req: RequestView) {
    const auth = req.headers.authorization;
    if (auth === undefined || !auth.startsWith('Bearer ') || auth.length === 7)
      return { status: 401, body: invalidRequest(NO_KEY) };
    return auth.slice(7).trim() === BAD_KEY ? { status: 401, body: statusError(401) } : null;
  },
  invalidRequest: (message) => ({ status: 400, body: invalidRequest(message) }),
  statusError: (status) => ({ status, body: statusError(status) }),
};
