import { hash, randomInt } from 'node:crypto';
import { TOKEN_KEY_LENGTH, TOKEN_KEY_PREFIX } from '@tollgate/contracts';

const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Random alphanumerics from the CSPRNG; randomInt draws without modulo bias. */
export function randomAlphanumeric(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}

/** A new token key: 48 alphanumerics, stored and hashed without the `sk-` shown to users. */
export const generateTokenKey = (): string => randomAlphanumeric(TOKEN_KEY_LENGTH);

// One-shot hash: the relay hashes the presented key on every call, and a Hash object costs three times more.
export const hashTokenKey = (key: string): string => hash('sha256', key, 'hex');

/** Accepts a key as users paste it (`sk-…`) or bare. */
export const stripKeyPrefix = (key: string): string =>
  key.startsWith(TOKEN_KEY_PREFIX) ? key.slice(TOKEN_KEY_PREFIX.length) : key;

export const displayKey = (key: string): string => `${TOKEN_KEY_PREFIX}${key}`;
