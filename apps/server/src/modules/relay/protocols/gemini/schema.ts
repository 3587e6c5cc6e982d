import { type Json } from '../protocol';
import { isObject, objectOf } from './gemini-values';

// Gemini's Schema is an OpenAPI 3.0 subset: it answers 400 to JSON-schema keys it does not know
// ($schema, additionalProperties, $ref, strict, …), so only the keys it documents are kept.
const GEMINI_SCHEMA_KEYS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'default',
  'minimum',
  'maximum',
  'propertyOrdering',
]);
// For strings Gemini accepts only these formats ("date", "uri", "email" are refused).
const STRING_FORMATS = new Set(['enum', 'date-time']);
// Local $ref chains are inlined up to this depth; deeper (recursive) references become a plain object.
const MAX_REF_DEPTH = 8;

interface Context {
  definitions: Json;
  depth: number;
}

/** A JSON schema (OpenAI tool parameters, response_format) → the Schema Gemini accepts. */
export function toGeminiSchema(schema: unknown): Json {
  const root = objectOf(schema);
  const definitions = { ...objectOf(root.definitions), ...objectOf(root.$defs) };
  return convert(root, { definitions, depth: 0 });
}

function resolveRef(schema: Json, context: Context): Json | null {
  if (typeof schema.$ref !== 'string') return null;
  const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(schema.$ref)?.[1];
  const target = name === undefined ? undefined : context.definitions[name];
  if (!isObject(target) || context.depth >= MAX_REF_DEPTH) return { type: 'object' };
  return convert({ ...target, ...withoutRef(schema) }, { ...context, depth: context.depth + 1 });
}

function withoutRef(schema: Json): Json {
  const rest = { ...schema };
  delete rest.$ref;
  return rest;
}

function convert(schema: Json, context: Context): Json {
  const resolved = resolveRef(schema, context);
  if (resolved) return resolved;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (GEMINI_SCHEMA_KEYS.has(key)) out[key] = value;
  }
  applyType(schema, out);
  if (typeof schema.const === 'string') {
    out.enum = [schema.const];
    out.type ??= 'string';
  }
  if (out.type === 'string' && !(typeof out.format === 'string' && STRING_FORMATS.has(out.format))) {
    delete out.format;
  }
  if (Array.isArray(out.enum) && !out.enum.every((item) => typeof item === 'string')) delete out.enum;
  if (isObject(schema.properties)) convertProperties(schema, out, context);
  const items: unknown = Array.isArray(schema.items) ? schema.items[0] : schema.items;
  if (isObject(items)) out.items = convert(items, context);
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : schema.oneOf;
  if (Array.isArray(variants)) convertVariants(variants, out, context);
  return out;
}

/** `type: ["string", "null"]` → `type: "string", nullable: true` (Gemini takes one type). */
function applyType(schema: Json, out: Json): void {
  if (!Array.isArray(schema.type)) return;
  const types = schema.type.filter((item): item is string => typeof item === 'string');
  const concrete = types.filter((item) => item !== 'null');
  if (concrete.length > 0) out.type = concrete[0];
  else delete out.type;
  if (types.includes('null')) out.nullable = true;
}

function convertProperties(schema: Json, out: Json, context: Context): void {
  const entries = Object.entries(objectOf(schema.properties)).filter(([, value]) => isObject(value));
  // Gemini refuses an OBJECT with an empty `properties` map, and `required` names that are not properties.
  if (entries.length === 0) {
    delete out.required;
    return;
  }
  out.properties = Object.fromEntries(
    entries.map(([name, value]) => [name, convert(value as Json, context)]),
  );
  if (Array.isArray(schema.required)) {
    const required = schema.required.filter(
      (name): name is string => typeof name === 'string' && Object.hasOwn(out.properties as Json, name),
    );
    if (required.length > 0) out.required = required;
  }
}

function convertVariants(variants: unknown[], out: Json, context: Context): void {
  const nonNull = variants.filter((variant) => !(isObject(variant) && variant.type === 'null'));
  if (nonNull.length < variants.length) out.nullable = true;
  const converted = nonNull.filter(isObject).map((variant) => convert(variant, context));
  if (converted.length === 1) Object.assign(out, converted[0], out.nullable ? { nullable: true } : {});
  else if (converted.length > 1) out.anyOf = converted;
}

/** Gemini's Schema → JSON schema for an OpenAI provider (lower-case types, `nullable` as a null type). */
export function toJsonSchema(schema: unknown): Json {
  const source = objectOf(schema);
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'nullable' || key === 'propertyOrdering') continue;
    out[key] = value;
  }
  if (typeof source.type === 'string') {
    const type = source.type.toLowerCase();
    out.type = source.nullable === true ? [type, 'null'] : type;
  }
  if (isObject(source.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(source.properties).map(([name, value]) => [name, toJsonSchema(value)]),
    );
  }
  if (isObject(source.items)) out.items = toJsonSchema(source.items);
  if (Array.isArray(source.anyOf)) out.anyOf = source.anyOf.map(toJsonSchema);
  return out;
}
