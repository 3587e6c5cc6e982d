import Fastify from 'fastify';
import { type FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { jsonBodyParser, jsonDeeperThan, MAX_JSON_DEPTH } from './json-body';

const nested = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

function parsed(text: string): { error: Error | null; body?: unknown } {
  const parse = jsonBodyParser(Fastify());
  let outcome: { error: Error | null; body?: unknown } | undefined;
  parse({} as FastifyRequest, Buffer.from(text), (error, body) => {
    outcome = { error, body };
  });
  if (!outcome) throw new Error('the parser did not answer');
  return outcome;
}

describe('JSON nesting depth', () => {
  it('counts arrays and objects, not scalars', () => {
    expect(jsonDeeperThan('text', 0)).toBe(false);
    expect(jsonDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(jsonDeeperThan({ a: [1] }, 1)).toBe(true);
    expect(jsonDeeperThan([[], { b: { c: null } }], 3)).toBe(false);
    expect(jsonDeeperThan([[], { b: { c: [] } }], 3)).toBe(true);
  });
});

describe('the application/json parser', () => {
  it('parses JSON up to the depth limit', () => {
    expect(parsed('{"a":[1,{"b":"c"}]}')).toEqual({ error: null, body: { a: [1, { b: 'c' }] } });
    expect(parsed(nested(MAX_JSON_DEPTH)).error).toBeNull();
  });

  it('refuses deeper nesting with a domain error, before anything walks it', () => {
    for (const levels of [MAX_JSON_DEPTH + 1, 5000, 100_000]) {
      const { error } = parsed(`{"a":${nested(levels)}}`);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('json_too_deep');
    }
  });

  it('reads an empty body as no body, and still refuses malformed JSON and prototype poisoning', () => {
    expect(parsed('')).toEqual({ error: null, body: undefined });
    expect(parsed('{"a":').error).toMatchObject({ statusCode: 400 });
    expect(parsed('{"__proto__":{"admin":true}}').error).toMatchObject({ statusCode: 400 });
  });

  it('keeps the bytes of a parsed body on the request, exactly as sent', () => {
    const request = { rawJsonBody: null } as FastifyRequest;
    const bytes = Buffer.from('{ "b" : 1,\n  "a":[ 2 ] }');
    jsonBodyParser(Fastify())(request, bytes, () => undefined);
    expect(request.rawJsonBody).toBe(bytes);
  });
});
