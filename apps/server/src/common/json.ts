/** A parsed JSON object: not null, not an array. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The value when it is a JSON object, else an empty one: for reading untrusted JSON field by field. */
export const jsonObjectOr = (value: unknown): Record<string, unknown> => (isJsonObject(value) ? value : {});
