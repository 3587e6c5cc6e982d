import fc from 'fast-check';
import { MAX_JSON_DEPTH } from '../../src/common/http/json-body';

/** A console field's rule, as its DTO declares it; `loose` fields are only typed by their service. */
export type FieldKind =
  | 'text'
  | 'bool'
  | 'int'
  | 'int32'
  | 'int32>=-1'
  | 'int32>=0'
  | 'int32>=1'
  | 'quota'
  | 'epoch'
  | 'id'
  | 'ids'
  | 'enum'
  | 'object'
  | 'loose';

/** A relay field the gateway itself checks before anything is reserved or sent upstream. */
export type RelayFieldKind =
  | 'model'
  | 'unpriced-model'
  | 'messages'
  | 'required'
  | 'token-cap'
  | 'image-count'
  | 'gemini-config'
  | 'gemini-content'
  | 'gemini-requests'
  | 'group';

/** Arrays nested `levels` deep, built without recursion. */
export function nested(levels: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < levels; level += 1) value = [value];
  return value;
}

const MAX_INT32 = 2 ** 31 - 1;
const deep = fc.integer({ min: MAX_JSON_DEPTH + 1, max: 3000 }).map(nested);
const withNul = fc
  .tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }))
  .map(([head, tail]) => `${head}\u0000${tail}`);
const nonInteger = fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true });
const digits = fc.integer().map(String);
const unsafe = fc.constantFrom(2 ** 53, 2 ** 53 + 2, -(2 ** 53), 2 ** 63, -(2 ** 63), 1e300);
const beyondInt32 = fc.oneof(
  fc.integer({ min: MAX_INT32 + 1, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -MAX_INT32 - 2 }),
  unsafe,
);
const containers = fc.constantFrom<unknown>([], {}, [1], { a: 1 });
/** Refused wherever a value is checked at all: null, nesting past the limit, U+0000 in text. */
const anywhere = [fc.constant(null), deep, withNul];
const notAnInteger = [...anywhere, nonInteger, digits, fc.boolean(), containers];

function int32Below(min: number): fc.Arbitrary<unknown> {
  const below = min > -MAX_INT32 - 1 ? [fc.integer({ min: min - 1000, max: min - 1 })] : [];
  return fc.oneof(...notAnInteger, beyondInt32, ...below);
}

const badId = fc.oneof(...notAnInteger, fc.integer({ min: -1000, max: 0 }), beyondInt32);

/** Values each kind of console field must refuse. */
export const BAD_FIELD: Record<FieldKind, fc.Arbitrary<unknown>> = {
  text: fc.oneof(
    ...anywhere,
    fc.integer(),
    fc.boolean(),
    containers,
    fc.array(fc.string(), { minLength: 1 }),
  ),
  bool: fc.oneof(...anywhere, fc.constantFrom<unknown>('true', 'false', 0, 1), fc.integer(), containers),
  int: fc.oneof(...notAnInteger),
  int32: int32Below(-MAX_INT32 - 1),
  'int32>=-1': int32Below(-1),
  'int32>=0': int32Below(0),
  'int32>=1': int32Below(1),
  quota: fc.oneof(...notAnInteger, unsafe),
  epoch: fc.oneof(...notAnInteger, unsafe, fc.integer({ min: -1000, max: -1 })),
  id: badId,
  ids: fc.oneof(
    ...anywhere,
    digits,
    fc.constant({}),
    fc
      .tuple(fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 2 }), badId)
      .map(([good, bad]) => [...good, bad]),
  ),
  enum: fc.oneof(
    ...anywhere,
    fc.string().map((text) => `zz-${text}`),
    fc.integer({ min: 1000 }),
    containers,
  ),
  object: fc.oneof(...anywhere, fc.constantFrom<unknown>('x', 5, true, [], [{}])),
  loose: fc.oneof(deep, withNul),
};

/** A query field's rule: text, or a whole number given as digits (page numbers and sizes). */
export type QueryKind = 'text' | 'int';

const repeatedKey = fc.array(fc.string({ maxLength: 8 }), { minLength: 2, maxLength: 3 });

/** Query values each kind refuses: a NUL, more than a text's cap, no whole number in range, a repeated key. */
export const BAD_QUERY: Record<QueryKind, fc.Arbitrary<string | string[]>> = {
  text: fc.oneof(
    withNul,
    fc.string({ minLength: 1, maxLength: 8 }).map((text) => text.repeat(300)),
    repeatedKey,
  ),
  int: fc.oneof(
    {
      arbitrary: fc.constantFrom(
        'abc',
        '0',
        '-1',
        '1.5',
        '1e20',
        '1e300',
        '2147483648',
        '99999999999999999999',
      ),
      weight: 4,
    },
    withNul,
    repeatedKey,
  ),
};

/** Path segments that are no row id (the path stays routable). */
export const BAD_PATH_ID = fc.constantFrom(
  'abc',
  '0',
  '-1',
  '1.5',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  'x%00',
  '%00',
);

const tokenCap = fc.constantFrom(MAX_INT32 + 1, 2 ** 53 + 2, 2 ** 63, 1e300);

/** Values the relay must refuse (400, or 403 for an unpriced or unaffordable order) before any charge. */
export const BAD_RELAY_FIELD: Record<RelayFieldKind, fc.Arbitrary<unknown>> = {
  model: fc.oneof(
    fc.constantFrom<unknown>(null, '', 5, true, [], {}),
    fc.string().map((text) => `fz-${text}`),
  ),
  'unpriced-model': fc.string().map((text) => `fz-${text}`),
  messages: fc.constantFrom<unknown>(null, 5, 'hi', true, [], {}),
  required: fc.constantFrom<unknown>(null, '', []),
  'token-cap': tokenCap,
  'image-count': fc.oneof(
    fc.constantFrom<unknown>(0, -1, 1.5, '2', true, [], {}),
    fc.constantFrom(2 ** 40, 2 ** 63),
  ),
  'gemini-config': tokenCap.map((cap) => ({ maxOutputTokens: cap })),
  'gemini-content': fc.constantFrom<unknown>(null, 5, {}, { parts: [] }, { parts: [{ text: '' }] }),
  'gemini-requests': fc.constantFrom<unknown>(null, 5, {}, [], [{}]),
  group: fc.constantFrom<unknown>(5, true, [], {}),
};

/** Nesting past the limit, put in `field`: refused by the body parser whatever the route. */
export const deepIn = (fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> =>
  fc.tuple(fc.constantFrom(...fields, 'fz_extra'), deep).map(([field, value]) => ({ [field]: value }));

/** An extra field holding U+0000: refused by the console's pipe even though the DTO would strip it. */
export const nulInExtraField: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(fc.string({ minLength: 1, maxLength: 8 }), withNul)
  .map(([name, value]) => ({ [`fz_${name}`]: value }));

/** Arbitrary JSON for the no-5xx pass: anything at all, or the route's own fields with any values. */
export function anyBody(fields: readonly string[]): fc.Arbitrary<unknown> {
  const json = fc.jsonValue({ maxDepth: 3 });
  const named = fields.length > 0 ? [fc.dictionary(fc.constantFrom(...fields), json, { maxKeys: 4 })] : [];
  return fc.oneof(json, ...named);
}
