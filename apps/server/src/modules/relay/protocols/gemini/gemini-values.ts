import { randomBytes } from 'node:crypto';
import { type Json } from '../protocol';
import { isJsonObject, jsonObjectOr } from '../../../../common/json';

export { isJsonObject as isObject, jsonObjectOr as objectOf };

// Small readers for untrusted JSON: callers and providers may send any shape, conversion never throws.

/** The objects of an array (anything else reads as none). */
export const objectsOf = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isJsonObject) : []);

export const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

export const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A copy without the undefined values, so absent fields stay absent on the wire. */
export function compact(record: Json): Json {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** An id in OpenAI's style: `call_…`, `chatcmpl-…`. */
export const randomId = (prefix: string): string => `${prefix}${randomBytes(12).toString('hex')}`;

/** JSON text → value; the text itself when it is not JSON (tool arguments and results are often loose). */
export function parseLoose(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** OpenAI's end-of-stream marker. */
export const DONE = '[DONE]';

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
