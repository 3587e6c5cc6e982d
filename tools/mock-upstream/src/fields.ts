// Typed reads from untyped JSON request bodies.
export type JsonObject = Record<string, unknown>;

export function asObject(value: unknown): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

export function stringField(body: JsonObject, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' ? value : undefined;
}

export function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

let sequence = 0;

// Ids only need to be unique within one process; counters are cheaper than random bytes.
export function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-mock${sequence}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
