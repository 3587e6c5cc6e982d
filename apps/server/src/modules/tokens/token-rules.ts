import { BlockList, isIP } from 'node:net';
import {
  TOKEN_COPY_SUFFIX_LENGTH,
  TOKEN_NAME_MAX_LENGTH,
  TOKEN_NEVER_EXPIRES,
  TOKEN_QUANTITY_MAX,
} from '@tollgate/contracts';
import { randomAlphanumeric } from './token-keys';
import { tokenError } from './tokens.errors';

/**
 * expired_time as the console sends it: epoch seconds or -1, as a number or a numeric string.
 * `previous` is the stored value: an already past expiry may be sent back unchanged when other fields are edited.
 */
export function parseExpiry(value: unknown, now: number, previous?: number): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d{1,15}$/.test(text)) throw tokenError('invalid_expiry');
  const expiry = Number(text);
  if (expiry === TOKEN_NEVER_EXPIRES || expiry === previous) return expiry;
  if (expiry < 0) throw tokenError('invalid_expiry');
  if (expiry <= now) throw tokenError('expiry_in_past');
  return expiry;
}

export function checkQuota(quota: number): number {
  if (quota < 0) throw tokenError('negative_quota');
  return quota;
}

/** One address or CIDR per line; blank lines dropped. Throws naming the first bad entry. */
export function normaliseAllowIps(text: string): string {
  const entries = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  for (const entry of entries) {
    if (!isAddressOrCidr(entry)) throw tokenError('invalid_allow_ip', { ip: entry });
  }
  return entries.join('\n');
}

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  try {
    // BlockList enforces the prefix range of the family (0–32, 0–128).
    new BlockList().addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    return true;
  } catch {
    return false;
  }
}

/** Comma list of model names, trimmed, without blanks or repeats. */
export function normaliseModelLimits(text: string): string {
  const models = text
    .split(',')
    .map((model) => model.trim())
    .filter((model) => model !== '');
  return [...new Set(models)].join(',');
}

/** Names of `quantity` new tokens: the first keeps the name, copies get `-` and 6 random alphanumerics. */
export function copyNames(name: string, quantity: number): string[] {
  if (name === '') throw tokenError('name_required');
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > TOKEN_QUANTITY_MAX)
    throw tokenError('invalid_quantity', { max: TOKEN_QUANTITY_MAX });
  const names = [name];
  for (let i = 1; i < quantity; i++) names.push(`${name}-${randomAlphanumeric(TOKEN_COPY_SUFFIX_LENGTH)}`);
  if (names.some((copy) => copy.length > TOKEN_NAME_MAX_LENGTH))
    throw tokenError('name_too_long', { max: TOKEN_NAME_MAX_LENGTH });
  return names;
}

export function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw tokenError('name_required');
  if (trimmed.length > TOKEN_NAME_MAX_LENGTH)
    throw tokenError('name_too_long', { max: TOKEN_NAME_MAX_LENGTH });
  return trimmed;
}

export interface TokenUsability {
  expiredTime: number;
  unlimitedQuota: boolean;
  remainQuota: number;
}

/** Why a token may not be (re-)enabled now: spec 001 §4 keeps expired and exhausted tokens off. */
export function enableBlocker(token: TokenUsability, now: number): 'expired' | 'exhausted' | null {
  if (token.expiredTime !== TOKEN_NEVER_EXPIRES && token.expiredTime <= now) return 'expired';
  if (!token.unlimitedQuota && token.remainQuota <= 0) return 'exhausted';
  return null;
}
