import fc from 'fast-check';
import type request from 'supertest';
import { type BadInputGateway, isRefusal, startBadInputGateway } from './support/bad-input-gateway';
import {
  type ConsoleRoute,
  CONSOLE_ROUTES,
  RELAY_ROUTES,
  type RelayRoute,
  routeName,
} from './support/fuzz-routes';
import {
  anyBody,
  BAD_FIELD,
  BAD_PATH_ID,
  BAD_QUERY,
  BAD_RELAY_FIELD,
  deepIn,
  nulInExtraField,
} from './support/fuzz-values';
import { BACKENDS } from './support/test-app';

// Fixed seed and run counts: the same cases on every machine, about 2,000 requests per backend.
const SEED = 20_260_115;
const RUNS_PER_ROUTE = 24;
const ANY_RUNS_PER_ROUTE = 8;
// A missing row id for the no-5xx pass, which must not delete the fixtures the other cases aim at.
const MISSING_ID = 999_999;

interface Case {
  path: string;
  body?: unknown;
  /** name → value, or the values of a repeated key. */
  query?: Record<string, string | string[]>;
}

/** Replaces 1–3 of `fields` with values their kind refuses. */
function poisoned<K extends string>(
  base: Record<string, unknown>,
  fields: Record<string, K>,
  bad: Record<K, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .subarray(Object.keys(fields), { minLength: 1, maxLength: Math.min(3, Object.keys(fields).length) })
    .chain((names) =>
      fc.tuple(...names.map((name) => bad[fields[name]])).map((values) => ({ names, values })),
    )
    .map(({ names, values }) => ({
      ...base,
      ...Object.fromEntries(names.map((name, i) => [name, values[i]])),
    }));
}

/** Bad input for one console route: poisoned fields or query, nesting past the limit, a NUL, a bad row id. */
function badConsoleCase(route: ConsoleRoute, g: BadInputGateway): fc.Arbitrary<Case> {
  const base = route.body?.(g) ?? {};
  const path = route.id ? `${route.path}${route.id(g)}` : route.path;
  const fields = route.fields ?? {};
  const names = Object.keys(fields);
  // GET bodies are never read: a row read is refused by its id alone.
  const cases: Array<fc.Arbitrary<Case>> =
    route.method === 'get' ? [] : [deepIn(names).map((extra) => ({ path, body: { ...base, ...extra } }))];
  if (names.length > 0) {
    cases.push(poisoned(base, fields, BAD_FIELD).map((body) => ({ path, body })));
    cases.push(nulInExtraField.map((extra) => ({ path, body: { ...base, ...extra } })));
  }
  const query = route.query;
  if (query) {
    const name = fc.constantFrom(...Object.keys(query));
    cases.push(
      name.chain((field) => BAD_QUERY[query[field]].map((value) => ({ path, query: { [field]: value } }))),
    );
  }
  if (route.id) cases.push(BAD_PATH_ID.map((id) => ({ path: `${route.path}${id}` })));
  return fc.oneof(...cases);
}

function badRelayCase(route: RelayRoute): fc.Arbitrary<Case> {
  const names = Object.keys(route.fields);
  return fc.oneof(
    poisoned(route.body, route.fields, BAD_RELAY_FIELD).map((body) => ({ path: route.path, body })),
    deepIn(names).map((extra) => ({ path: route.path, body: { ...route.body, ...extra } })),
  );
}

// A list travels as the key repeated (name=a&name=b), as browsers send a multiple select.
const queryString = (query: Record<string, string | string[]>): string =>
  Object.entries(query)
    .flatMap(([key, value]) => [value].flat().map((item) => `${key}=${encodeURIComponent(item)}`))
    .join('&');

describe.each(BACKENDS)('fuzzed bad input: never a 5xx, never stored (%s)', (backend) => {
  let g: BadInputGateway;
  // The tables after the last case that stored nothing; null = read them again.
  let known: string | null = null;

  beforeAll(async () => {
    g = await startBadInputGateway(backend);
  });
  afterAll(() => g.close());

  const headersOf = (caller: ConsoleRoute['caller'] | RelayRoute['caller']): Record<string, string> => {
    if (caller === 'root') return g.root.headers;
    if (caller === 'alice' || caller === 'session') return g.alice.headers;
    if (caller === 'token') return { Authorization: `Bearer ${g.key}` };
    return {};
  };

  function send(method: ConsoleRoute['method'], caller: Parameters<typeof headersOf>[0], c: Case) {
    const call = g.t.http()[method](c.path).set(headersOf(caller)).set('Accept-Language', 'en');
    if (c.query) void call.query(queryString(c.query));
    return c.body === undefined ? call : call.type('json').send(JSON.stringify(c.body));
  }

  /**
   * The call is refused (never a 5xx) and every table is as it was; relay calls are read after the ledger
   * settled (console writes are never deferred).
   */
  async function expectRefusedUnstored(
    label: string,
    c: Case,
    call: () => request.Test,
    settled?: 'settled',
  ): Promise<void> {
    const before = known ?? (await g.stored(settled));
    const response = await call();
    const after = await g.stored(settled);
    known = after === before ? after : null;
    const answer = `${label} ${c.path} ${JSON.stringify(c.body ?? c.query ?? null).slice(0, 300)}`;
    if (!isRefusal(response)) throw new Error(`not refused: ${answer} → ${response.status} ${response.text}`);
    if (after !== before)
      throw new Error(`stored something: ${answer} → ${response.status} ${response.text}`);
  }

  it.each(CONSOLE_ROUTES.map((route) => [routeName(route), route] as const))(
    'console %s refuses bad input',
    async (label, route) => {
      await fc.assert(
        fc.asyncProperty(badConsoleCase(route, g), (c) =>
          expectRefusedUnstored(label, c, () => send(route.method, route.caller, c)),
        ),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
    },
  );

  it.each(RELAY_ROUTES.map((route) => [route.path, route] as const))(
    'relay %s refuses bad input',
    async (label, route) => {
      // The unpoisoned call goes through: a refusal below is the poisoned field's doing.
      const valid = await send('post', route.caller, { path: route.path, body: route.body }).set(
        route.headers ?? {},
      );
      expect([label, valid.status]).toEqual([label, 200]);
      await g.forgetTasks();
      known = null;
      await fc.assert(
        fc.asyncProperty(badRelayCase(route), (c) =>
          expectRefusedUnstored(
            label,
            c,
            () => send('post', route.caller, c).set(route.headers ?? {}),
            'settled',
          ),
        ),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
    },
  );

  // Last: arbitrary input may be valid and change the rows the cases above aim at.
  it('answers arbitrary JSON on every relay and console route without a 5xx', async () => {
    const routes = [
      ...RELAY_ROUTES.map((route) => ({
        method: 'post' as const,
        path: route.path,
        caller: route.caller,
        headers: route.headers ?? {},
        fields: Object.keys(route.fields),
      })),
      ...CONSOLE_ROUTES.map((route) => ({
        method: route.method,
        path: route.id ? `${route.path}${MISSING_ID}` : route.path,
        caller: route.caller,
        headers: {},
        fields: Object.keys(route.fields ?? {}),
      })),
    ];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(anyBody(route.fields), async (body) => {
          const response = await send(route.method, route.caller, { path: route.path, body }).set(
            route.headers,
          );
          if (response.status >= 500)
            throw new Error(
              `${route.method} ${route.path} ${JSON.stringify(body)} → ${response.status} ${response.text}`,
            );
        }),
        { seed: SEED, numRuns: ANY_RUNS_PER_ROUTE },
      );
    }
    // Several hundred requests over every route: seconds on an idle host, half a minute on a busy one.
  }, 180_000);
});
