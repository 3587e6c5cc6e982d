import { DASHBOARD_BUCKET_SECONDS } from '@tollgate/contracts';

/** The user id under which every user's consumption is summed per model and hour. */
export const ALL_USERS_ID = 0;

/** One hourly bucket as it is added to the table. */
export interface QuotaBucket {
  userId: number;
  username: string;
  modelName: string;
  /** Start of the hour, Unix seconds. */
  createdAt: number;
  tokenUsed: number;
  count: number;
  quota: number;
}

/** One consumption as the dashboard counts it. */
export interface Consumption {
  userId: number;
  username: string;
  modelName: string;
  /** Unix seconds of the call. */
  createdAt: number;
  tokens: number;
  quota: number;
}

export const hourOf = (seconds: number): number => seconds - (seconds % DASHBOARD_BUCKET_SECONDS);

const keyOf = (bucket: Pick<QuotaBucket, 'userId' | 'createdAt' | 'modelName'>): string =>
  `${bucket.userId}:${bucket.createdAt}:${bucket.modelName}`;

function byKey(a: QuotaBucket, b: QuotaBucket): number {
  if (a.userId !== b.userId) return a.userId - b.userId;
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.modelName < b.modelName ? -1 : a.modelName > b.modelName ? 1 : 0;
}

/**
 * Consumption summed in memory per user, model and hour (and per model and hour for all users), until a flush
 * takes the sums to add them to the table.
 */
export class QuotaBuckets {
  private buckets = new Map<string, QuotaBucket>();

  get size(): number {
    return this.buckets.size;
  }

  add(usage: Consumption): void {
    const hour = hourOf(usage.createdAt);
    const sums = { createdAt: hour, modelName: usage.modelName, tokenUsed: usage.tokens, count: 1 };
    this.merge({ ...sums, userId: usage.userId, username: usage.username, quota: usage.quota }, true);
    this.merge({ ...sums, userId: ALL_USERS_ID, username: '', quota: usage.quota }, true);
  }

  /**
   * Every bucket, emptied here; ordered by the table's unique key so that replicas adding to the same rows
   * lock them in the same order (no deadlock between their flushes).
   */
  take(): QuotaBucket[] {
    const taken = [...this.buckets.values()].sort(byKey);
    this.buckets = new Map();
    return taken;
  }

  /** Puts buckets a failed flush took back, summed with what arrived meanwhile. */
  restore(buckets: readonly QuotaBucket[]): void {
    for (const bucket of buckets) this.merge({ ...bucket }, false);
  }

  private merge(bucket: QuotaBucket, newer: boolean): void {
    const key = keyOf(bucket);
    const current = this.buckets.get(key);
    if (!current) {
      this.buckets.set(key, bucket);
      return;
    }
    current.tokenUsed += bucket.tokenUsed;
    current.count += bucket.count;
    current.quota += bucket.quota;
    // A user renamed within the hour: the bucket carries the latest name.
    if (newer) current.username = bucket.username;
  }
}
