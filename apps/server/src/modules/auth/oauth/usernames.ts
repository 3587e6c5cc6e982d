import { randomInt } from 'node:crypto';
import { USERNAME_MAX_LENGTH } from '@tollgate/contracts';

const ATTEMPTS = 6;

/**
 * Usernames for third-party sign-ups: `github_<login>` cut to the 12-character limit, then variants with
 * four random digits for when that is taken.
 */
export function usernameCandidates(prefix: string, handle: string): string[] {
  const clean = handle.replace(/[^A-Za-z0-9_.-]/g, '');
  const base = `${prefix}_${clean}`.slice(0, USERNAME_MAX_LENGTH);
  const stem = base.slice(0, USERNAME_MAX_LENGTH - 4);
  const variants = Array.from(
    { length: ATTEMPTS - 1 },
    () => `${stem}${String(randomInt(0, 10_000)).padStart(4, '0')}`,
  );
  return [base, ...variants];
}
