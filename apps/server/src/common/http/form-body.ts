import { type FastifyRequest } from 'fastify';
import { parse } from 'node:querystring';
import { commonError } from '../errors/common.errors';

type Done = (error: Error | null, body?: unknown) => void;

/**
 * The application/x-www-form-urlencoded parser: only the routes named may take a form body (a payment
 * gateway's callback). Anywhere else a form is refused, so a cross-site HTML form cannot sign a browser in
 * to someone else's account or post to any other route (the console and the relay speak JSON).
 */
export function formBodyParser(routes: readonly string[]) {
  const allowed = new Set(routes);
  return (request: FastifyRequest, body: Buffer, done: Done): void => {
    if (!allowed.has(request.routeOptions.url ?? '')) return done(commonError('form_body_refused'));
    // Like a query string: a repeated field becomes a list, and the object has no prototype to poison.
    done(null, parse(body.toString('utf8')));
  };
}
