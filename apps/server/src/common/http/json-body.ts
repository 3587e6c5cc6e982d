import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { commonError } from '../errors/common.errors';

/**
 * The deepest nesting of arrays and objects a JSON body may have: far beyond real API bodies (a tool's JSON
 * schema nests a few dozen levels), far below what recursive code (class-transformer, JSON.stringify, the
 * protocol conversions) survives: 5,000 levels overflowed the stack as an internal error.
 */
export const MAX_JSON_DEPTH = 128;

/** Whether arrays and objects nest deeper than `max` (a scalar body has depth 0). */
export function jsonDeeperThan(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  // Containers only, each with its level: a long list of numbers or strings costs no pushes.
  const pending: Array<[object, number]> = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [container, level] = next;
    if (level > max) return true;
    for (const child of Array.isArray(container) ? container : Object.values(container)) {
      if (child !== null && typeof child === 'object') pending.push([child as object, level + 1]);
    }
  }
  return false;
}

type Done = (error: Error | null, body?: unknown) => void;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The application/json body's bytes as received, null for other bodies: the relay's pass-through
     * (global.pass_through_request_enabled) sends them upstream unchanged.
     */
    rawJsonBody: Buffer | null;
  }
}

/**
 * The application/json parser of the console and the relay alike: Fastify's own (prototype poisoning
 * refused), plus two rules. An empty body is no body, so a bodiless DELETE that still names JSON is answered
 * by the route (sign-in first) rather than refused by the parser; and nesting deeper than MAX_JSON_DEPTH is
 * refused before any code walks it. The parsed body's bytes stay on the request as `rawJsonBody`.
 */
export function jsonBodyParser(fastify: FastifyInstance) {
  // Declared once so every request has the field from the start (the same object shape on the hot path).
  if (!fastify.hasRequestDecorator('rawJsonBody')) fastify.decorateRequest('rawJsonBody', null);
  // Fastify's parser answers through `done` (the callback form of its type).
  const parse = fastify.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: Done,
  ) => void;
  return (request: FastifyRequest, body: Buffer, done: Done): void => {
    if (body.length === 0) return done(null, undefined);
    parse(request, body.toString('utf8'), (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      if (jsonDeeperThan(value, MAX_JSON_DEPTH))
        return done(commonError('json_too_deep', { max: MAX_JSON_DEPTH }));
      // A reference to bytes that exist already; the relay lets go of them when it does not send them.
      request.rawJsonBody = body;
      done(null, value);
    });
  };
}
