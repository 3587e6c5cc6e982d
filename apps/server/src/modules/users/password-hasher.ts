import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

// No Argon2 hash starts with "!", so such a value never verifies and marks "no password set".
const UNUSABLE_PREFIX = '!';

/** False for accounts created without a password (third-party sign-ups). */
export const isUsablePasswordHash = (passwordHash: string): boolean =>
  passwordHash !== '' && !passwordHash.startsWith(UNUSABLE_PREFIX);

/** Argon2id in a native thread pool: slow for attackers, off the event loop for us. */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    if (!isUsablePasswordHash(passwordHash)) return false;
    try {
      return await verify(passwordHash, password);
    } catch {
      return false; // a malformed stored hash never matches
    }
  }

  /** A random value no password matches, for third-party sign-ups that never chose one. */
  unusable(): string {
    return UNUSABLE_PREFIX + randomBytes(24).toString('base64url');
  }
}
