/**
 * A query value as text. The router reads query values as JSON, so an invite code such as `1234` arrives
 * as a number; it is turned back into text here.
 */
export function searchText(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** validateSearch for routes that read a few text parameters (invite code, mailed token, OAuth code). */
export function textSearch<K extends string>(keys: readonly K[]) {
  return (search: Record<string, unknown>): Partial<Record<K, string>> => {
    const result: Partial<Record<K, string>> = {};
    keys.forEach((key) => {
      const value = searchText(search[key]);
      if (value !== undefined) result[key] = value;
    });
    return result;
  };
}
