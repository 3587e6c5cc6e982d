/** Redis only does integer arithmetic on counters; both drivers refuse the same inputs. */
export function assertSafeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
}

export function assertNonNegativeInteger(name: string, value: number): void {
  assertSafeInteger(name, value);
  if (value < 0) throw new RangeError(`${name} must not be negative, got ${value}`);
}

/** Milliseconds for an optional TTL; undefined or <= 0 means no expiry. */
export function ttlMs(ttlSeconds: number | undefined): number | undefined {
  return ttlSeconds !== undefined && ttlSeconds > 0 ? Math.ceil(ttlSeconds * 1000) : undefined;
}
