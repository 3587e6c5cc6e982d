import { randomInt } from 'node:crypto';
import { type FastifyReply, type FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'X-Request-Id';

declare module 'fastify' {
  interface FastifyRequest {
    relayRequestId?: string;
  }
}

const TIME_WIDTH = 9; // base-36 milliseconds fit 9 characters until the year 5188
const COUNTER_SPACE = 36 ** 4;
const RANDOM_SPACE = 36 ** 4;
let counter = randomInt(COUNTER_SPACE);

/**
 * A short id that sorts by creation time: 9 base-36 characters of milliseconds, a per-process counter (unique
 * within one millisecond here) and 4 random characters (distinct across replicas). 17 characters in all.
 */
export function newRequestId(now = Date.now()): string {
  counter = (counter + 1) % COUNTER_SPACE;
  return (
    now.toString(36).padStart(TIME_WIDTH, '0') +
    counter.toString(36).padStart(4, '0') +
    randomInt(RANDOM_SPACE).toString(36).padStart(4, '0')
  );
}

/** The request's id, created (and sent as X-Request-Id) on first use. */
export function requestIdOf(request: FastifyRequest, reply: FastifyReply): string {
  if (request.relayRequestId === undefined) {
    request.relayRequestId = newRequestId();
    void reply.header(REQUEST_ID_HEADER, request.relayRequestId);
  }
  return request.relayRequestId;
}
