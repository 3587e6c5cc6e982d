/**
 * Data dashboard (reference §10 `quota_data`): every consumption adds to an hourly bucket per user and model; the
 * console draws its charts from these buckets.
 */

/** Routes of the dashboard data API (all under /api). */
export const DASHBOARD_ROUTES = {
  /** GET (admin): every user's buckets summed per model and hour, or one user's with `username`. */
  all: '/api/data/',
  /** GET (signed-in user): the caller's own buckets; the range spans at most DASHBOARD_SELF_MAX_RANGE_SECONDS. */
  self: '/api/data/self',
  /** GET (admin): the same buckets as `all`, one series per model (QuotaDataSeries). */
  allSeries: '/api/data/series',
  /** GET (signed-in user): the same buckets as `self`, one series per model (QuotaDataSeries). */
  selfSeries: '/api/data/self/series',
} as const;

/** A bucket covers this many seconds; `created_at` is the bucket's start (ts − ts % 3600). */
export const DASHBOARD_BUCKET_SECONDS = 3600;
/** `/api/data/self` refuses a range longer than this (30 days), with a message. */
export const DASHBOARD_SELF_MAX_RANGE_SECONDS = 2_592_000;
/** Without `start_timestamp` a query starts this long before its end (one day); without `end_timestamp` it ends now. */
export const DASHBOARD_DEFAULT_RANGE_SECONDS = 86_400;

/** Chart granularities; the option `DataExportDefaultTime` (status `data_export_default_time`) picks the default. */
export const DASHBOARD_GRANULARITIES = ['hour', 'day', 'week'] as const;
export type DashboardGranularity = (typeof DASHBOARD_GRANULARITIES)[number];
/**
 * The console asks for hours over at most this span and for days beyond it: 30 days of every user's hours are some
 * 100,000 buckets, too many to read quickly or to draw as columns. Eight days, because "the last 7 days" in whole days
 * (today included) spans nearly eight. The API serves hours over any range when they are asked for.
 */
export const DASHBOARD_HOURLY_MAX_RANGE_SECONDS = 691_200;
/** `utc_offset` lies within ± this many seconds (UTC−14:00 … UTC+14:00). */
export const DASHBOARD_UTC_OFFSET_LIMIT = 50_400;

/**
 * Query of both routes. Timestamps are Unix seconds (integers ≥ 0, start ≤ end); an hourly bucket is included when
 * its `created_at` lies in [start_timestamp, end_timestamp]. `username` (exact match) is for the admin route only.
 *
 * `granularity` (default `hour`: the stored buckets, as reference §10 answers) may ask the server to sum the hours
 * into days or weeks (from Monday) per model, which keeps a long range's answer small: such rows have `id` 0 and
 * `created_at` = the start of their day or week at `utc_offset` (seconds east of UTC, default 0; the console sends
 * its own, e.g. 28800 for UTC+8).
 */
export interface DashboardQuery {
  username?: string;
  start_timestamp?: number;
  end_timestamp?: number;
  granularity?: DashboardGranularity;
  utc_offset?: number;
}

/**
 * One hourly bucket on the wire (`data` of both routes is an array of these, ordered by `created_at`, then
 * `model_name`). In the admin answer without `username` the rows are sums over all users: `user_id` is 0 and
 * `username` is "".
 */
export interface QuotaDataEntry {
  id: number;
  user_id: number;
  username: string;
  model_name: string;
  /** Start of the hour (or of the day or week asked for), Unix seconds. */
  created_at: number;
  /** Prompt + completion tokens. */
  token_used: number;
  /** Number of consumption calls. */
  count: number;
  /** Quota spent (internal units). */
  quota: number;
}

/**
 * The buckets of the `*Series` routes (same query, same sums as the rows): one series per model, its columns as
 * parallel arrays, so 30 days of every user's hours are some 3 MB of numbers instead of 100,000 objects. Each model's
 * `created_at` ascends with one entry per hour (or day or week) that has calls; `models` are ordered by name.
 */
export interface QuotaDataSeries {
  granularity: DashboardGranularity;
  models: QuotaModelSeries[];
}

/** One model's buckets: entry i of every array belongs to the slot starting at `created_at[i]`. */
export interface QuotaModelSeries {
  model_name: string;
  /** Start of the hour, day or week, Unix seconds. */
  created_at: number[];
  count: number[];
  token_used: number[];
  quota: number[];
}
