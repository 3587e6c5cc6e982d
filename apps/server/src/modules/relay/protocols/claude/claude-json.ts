import { type Json } from '../protocol';
import { isJsonObject, jsonObjectOr } from '../../../../common/json';

export { isJsonObject as isObject, jsonObjectOr as objectOr };

// Small readers for untrusted JSON: callers and providers send whatever they like, so every field is checked.

export const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

export const objectsOf = (value: unknown): Json[] => arrayOf(value).filter(isJsonObject);

export const stringOr = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;

export const countOf = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/** A tool call's `arguments` text as Claude's `input` object; anything but a JSON object becomes {}. */
export function parseArguments(text: unknown): Json {
  if (typeof text !== 'string' || text.trim() === '') return {};
  try {
    return jsonObjectOr(JSON.parse(text));
  } catch {
    return {};
  }
}

/** Copies the keys whose value is present (not undefined/null) from `source` under new names. */
export function pickDefined(source: Json, names: Readonly<Record<string, string>>): Json {
  const out: Json = {};
  for (const [from, to] of Object.entries(names)) {
    if (source[from] !== undefined && source[from] !== null) out[to] = source[from];
  }
  return out;
}
