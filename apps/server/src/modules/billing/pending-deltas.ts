/** Relative changes of one user row, summed over a batch window. */
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

/** The row of `id`, created at zero; every call of the relay adds to two or three of them. */
function rowOf<T extends { id: number }>(rows: Map<number, T>, id: number, zero: () => T): T {
  let row = rows.get(id);
  if (!row) {
    row = zero();
    rows.set(id, row);
  }
  return row;
}

/**
 * Write-behind accumulator: quota changes not yet in the database, summed per row. Deltas are relative
 * (quota = quota + x), so a batch written once can never charge twice, and a balance read from the
 * database plus `userQuota`/`tokenRemain` here is the true balance.
 */
export class PendingDeltas {
  private users = new Map<number, UserQuotaDelta>();
  private tokens = new Map<number, TokenQuotaDelta>();
  private channels = new Map<number, ChannelQuotaDelta>();

  addUser(id: number, change: Omit<UserQuotaDelta, 'id'>): void {
    const row = rowOf(this.users, id, () => ({ id, quota: 0, usedQuota: 0, requestCount: 0 }));
    row.quota += change.quota;
    row.usedQuota += change.usedQuota;
    row.requestCount += change.requestCount;
  }

  addToken(id: number, change: Omit<TokenQuotaDelta, 'id'>): void {
    const row = rowOf(this.tokens, id, () => ({ id, remainQuota: 0, usedQuota: 0 }));
    row.remainQuota += change.remainQuota;
    row.usedQuota += change.usedQuota;
  }

  addChannel(id: number, usedQuota: number): void {
    rowOf(this.channels, id, () => ({ id, usedQuota: 0 })).usedQuota += usedQuota;
  }

  userQuota(id: number): number {
    return this.users.get(id)?.quota ?? 0;
  }

  tokenRemain(id: number): number {
    return this.tokens.get(id)?.remainQuota ?? 0;
  }

  isEmpty(): boolean {
    return this.users.size === 0 && this.tokens.size === 0 && this.channels.size === 0;
  }

  /** Hands the whole window over for writing and starts a new one. */
  take(): DeltaBatch {
    const batch = {
      users: [...this.users.values()],
      tokens: [...this.tokens.values()],
      channels: [...this.channels.values()],
    };
    this.users = new Map();
    this.tokens = new Map();
    this.channels = new Map();
    return batch;
  }

  /** Puts back the part of a batch that was not written, merged with what arrived since. */
  restore(batch: Partial<DeltaBatch>): void {
    for (const { id, ...change } of batch.users ?? []) this.addUser(id, change);
    for (const { id, ...change } of batch.tokens ?? []) this.addToken(id, change);
    for (const { id, usedQuota } of batch.channels ?? []) this.addChannel(id, usedQuota);
  }
}
