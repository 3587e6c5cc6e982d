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
  /** By user, hour and model: a call's consumption finds its buckets without building a key. */
  private buckets = new Map<number, Map<number, Map<string, QuotaBucket>>>();

  add(usage: Consumption): void {
    const hour = hourOf(usage.createdAt);
    const own = this.bucket(usage.userId, hour, usage.modelName, usage.username);
    // A user renamed within the hour: the bucket carries the latest name.
    own.username = usage.username;
    sum(own, usage.tokens, 1, usage.quota);
    sum(this.bucket(ALL_USERS_ID, hour, usage.modelName, ''), usage.tokens, 1, usage.quota);
  }

  /**
   * Every bucket, emptied here; ordered by the table's unique key so that replicas adding to the same rows
   * lock them in the same order (no deadlock between their flushes).
   */
  take(): QuotaBucket[] {
    const taken: QuotaBucket[] = [];
    for (const byHour of this.buckets.values())
      for (const byModel of byHour.values()) for (const bucket of byModel.values()) taken.push(bucket);
    this.buckets = new Map();
    return taken.sort(byKey);
  }

  /** Puts buckets a failed flush took back, summed with what arrived meanwhile (whose names are newer). */
  restore(buckets: readonly QuotaBucket[]): void {
    for (const { userId, createdAt, modelName, username, tokenUsed, count, quota } of buckets)
      sum(this.bucket(userId, createdAt, modelName, username), tokenUsed, count, quota);
  }

  /** The bucket of the key, added empty (with this name) when there is none. */
  private bucket(userId: number, createdAt: number, modelName: string, username: string): QuotaBucket {
    let byHour = this.buckets.get(userId);
    if (!byHour) this.buckets.set(userId, (byHour = new Map<number, Map<string, QuotaBucket>>()));
    let byModel = byHour.get(createdAt);
    if (!byModel) byHour.set(createdAt, (byModel = new Map<string, QuotaBucket>()));
    let bucket = byModel.get(modelName);
    if (!bucket) {
      bucket = { userId, username, modelName, createdAt, tokenUsed: 0, count: 0, quota: 0 };
      byModel.set(modelName, bucket);
    }
    return bucket;
  }
}

function sum(bucket: QuotaBucket, tokenUsed: number, count: number, quota: number): void {
  bucket.tokenUsed += tokenUsed;
  bucket.count += count;
  bucket.quota += quota;
}
