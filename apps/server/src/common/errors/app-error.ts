import { type LocalisedText } from '../i18n/locale';

/**
 * How a domain failure reaches the console: HTTP 200 with success=false unless it is an auth/limit failure,
 * an internal error, or `unavailable` (a backing store is unreachable for now: 503, worth a retry).
 */
export type ErrorKind =
  | 'business'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'too_many_requests'
  | 'internal'
  | 'unavailable';

export interface ErrorDefinition extends LocalisedText {
  kind: ErrorKind;
}

export type ErrorCatalogue<C extends string> = Record<C, ErrorDefinition>;

/** A domain failure: a stable code from a module's catalogue plus the values its message needs. */
export class AppError extends Error {
  /** Seconds a rate-limit refusal asks the caller to wait; the filter sends it as Retry-After. */
  retryAfterSeconds: number | null = null;

  constructor(
    readonly definition: ErrorDefinition,
    readonly code: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }

  withRetryAfter(seconds: number): this {
    this.retryAfterSeconds = seconds;
    return this;
  }
}

/** Binds a module's catalogue so it can raise its own codes: `throw userErrors('user_not_found')`. */
export function errorFactory<C extends string>(catalogue: ErrorCatalogue<C>) {
  return (code: C, params?: Record<string, string | number>): AppError =>
    new AppError(catalogue[code], code, params);
}
