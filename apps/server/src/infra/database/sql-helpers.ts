import { QueryFailedError } from 'typeorm';

// PostgreSQL's unique_violation and better-sqlite3's unique / primary-key constraint codes.
const UNIQUE_VIOLATIONS = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** Whether a failed write broke a unique index (a name or key taken meanwhile). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && UNIQUE_VIOLATIONS.has(code);
}

/** A case-insensitive "contains" pattern for LIKE … ESCAPE '\', with % and _ taken literally. */
export const likeContains = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
