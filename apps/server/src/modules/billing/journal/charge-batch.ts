import { type Charge } from './ledger-journal';

/** Relative changes of one user row, summed over a drained batch. */
export interface UserQuotaDelta {
  id: number;
  quota: number;
  usedQuota: number;
  requestCount: number;
}

/** Relative changes of one token row. */
export interface TokenQuotaDelta {
  id: number;
  remainQuota: number;
  usedQuota: number;
}

/** Relative change of one channel's used_quota. */
export interface ChannelQuotaDelta {
  id: number;
  usedQuota: number;
}

export interface DeltaBatch {
  users: UserQuotaDelta[];
  tokens: TokenQuotaDelta[];
  channels: ChannelQuotaDelta[];
}

/** The row of `id`, created at zero. */
function rowOf<T extends { id: number }>(rows: Map<number, T>, id: number, zero: () => T): T {
  let row = rows.get(id);
  if (!row) {
    row = zero();
    rows.set(id, row);
  }
  return row;
}

/**
 * Sums charges per row: each call debits its user and token and counts a request, and adds to its channel's
 * used quota. Relative changes (quota = quota + x), one UPDATE per row and batch.
 */
export function sumCharges(charges: readonly Charge[]): DeltaBatch {
  const users = new Map<number, UserQuotaDelta>();
  const tokens = new Map<number, TokenQuotaDelta>();
  const channels = new Map<number, ChannelQuotaDelta>();
  for (const { userId, tokenId, channelId, quota } of charges) {
    const user = rowOf(users, userId, () => ({ id: userId, quota: 0, usedQuota: 0, requestCount: 0 }));
    user.quota -= quota;
    user.usedQuota += quota;
    user.requestCount += 1;
    if (tokenId !== null) {
      const token = rowOf(tokens, tokenId, () => ({ id: tokenId, remainQuota: 0, usedQuota: 0 }));
      token.remainQuota -= quota;
      token.usedQuota += quota;
    }
    if (channelId > 0) rowOf(channels, channelId, () => ({ id: channelId, usedQuota: 0 })).usedQuota += quota;
  }
  return { users: [...users.values()], tokens: [...tokens.values()], channels: [...channels.values()] };
}

/** Orders Redis stream ids (`<ms>-<seq>`): negative when a comes first. */
export function compareJournalIds(a: string, b: string): number {
  const aDash = a.indexOf('-');
  const bDash = b.indexOf('-');
  return (
    compareDigits(a.slice(0, aDash), b.slice(0, bDash)) ||
    compareDigits(a.slice(aDash + 1), b.slice(bDash + 1))
  );
}

// Both parts are unsigned 64-bit integers written without leading zeros: the longer is larger, and of equal
// lengths the text orders as the number does (no BigInt needed: the drain compares every entry it reads).
function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
