import { DASHBOARD_BUCKET_SECONDS, LogType, type QuotaDataEntry } from '@tollgate/contracts';
import { type DataSource } from 'typeorm';

/** A bucket without its row id: what the consumption rows say it must hold. */
export type Bucket = Omit<QuotaDataEntry, 'id'>;

interface LogSums {
  user_id: number | string;
  username: string;
  model_name: string;
  created_at: number | string;
  prompt_tokens: number | string;
  completion_tokens: number | string;
  quota: number | string;
}

/**
 * The buckets the consumption log rows add up to: per user, model and hour, and under user 0 (username '')
 * every user's per model and hour. Sorted like the API's answer (hour, then model).
 */
export async function bucketsFromLogs(data: DataSource): Promise<{ perUser: Bucket[]; allUsers: Bucket[] }> {
  const rows = await data.query<LogSums[]>(
    `SELECT user_id, username, model_name, created_at, prompt_tokens, completion_tokens, quota FROM logs WHERE type = ${LogType.Consume}`,
  );
  const perUser = new Map<string, Bucket>();
  const allUsers = new Map<string, Bucket>();
  const add = (map: Map<string, Bucket>, userId: number, username: string, row: LogSums) => {
    const hour = Number(row.created_at) - (Number(row.created_at) % DASHBOARD_BUCKET_SECONDS);
    const key = `${userId}:${hour}:${row.model_name}`;
    const bucket = map.get(key) ?? {
      user_id: userId,
      username,
      model_name: row.model_name,
      created_at: hour,
      token_used: 0,
      count: 0,
      quota: 0,
    };
    bucket.token_used += Number(row.prompt_tokens) + Number(row.completion_tokens);
    bucket.count += 1;
    bucket.quota += Number(row.quota);
    map.set(key, bucket);
  };
  for (const row of rows) {
    add(perUser, Number(row.user_id), row.username, row);
    add(allUsers, 0, '', row);
  }
  return { perUser: sorted([...perUser.values()]), allUsers: sorted([...allUsers.values()]) };
}

/** The stored rows of quota_data, without ids, in the API's order (user, hour, model). */
export async function storedBuckets(data: DataSource): Promise<Bucket[]> {
  const rows = await data.query<Array<Record<keyof Bucket, number | string>>>(
    'SELECT user_id, username, model_name, created_at, token_used, count, quota FROM quota_data',
  );
  return sorted(
    rows.map((row) => ({
      user_id: Number(row.user_id),
      username: String(row.username),
      model_name: String(row.model_name),
      created_at: Number(row.created_at),
      token_used: Number(row.token_used),
      count: Number(row.count),
      quota: Number(row.quota),
    })),
  );
}

export const withoutId = ({ id: _id, ...bucket }: QuotaDataEntry): Bucket => bucket;

export function sorted(buckets: Bucket[]): Bucket[] {
  return [...buckets].sort(
    (a, b) =>
      a.user_id - b.user_id ||
      a.created_at - b.created_at ||
      (a.model_name < b.model_name ? -1 : a.model_name > b.model_name ? 1 : 0),
  );
}
