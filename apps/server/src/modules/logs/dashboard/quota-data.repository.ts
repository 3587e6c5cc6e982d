import { Inject, Injectable } from '@nestjs/common';
import { DASHBOARD_BUCKET_SECONDS, type DashboardGranularity } from '@tollgate/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { type QuotaBucket } from './quota-buckets';

// Rows per upsert statement: 7 parameters each stays far below both databases' parameter limits.
const ROWS_PER_STATEMENT = 1000;
const COLUMNS = ['user_id', 'username', 'model_name', 'created_at', 'token_used', 'count', 'quota'] as const;
const DAY_SECONDS = 86_400;
const WEEK_SECONDS = 7 * DAY_SECONDS;
// 1970-01-01 was a Thursday: weeks from Monday start 4 days after the epoch's week boundaries.
const MONDAY_SHIFT = 4 * DAY_SECONDS;

/**
 * Buckets are added as increments (INSERT … ON CONFLICT DO UPDATE adding to the row), so replicas flushing the
 * same hour, or a process flushing twice, sum instead of overwriting each other.
 */
const UPSERT_TAIL =
  ' ON CONFLICT ("user_id", "created_at", "model_name") DO UPDATE SET "username" = excluded."username", ' +
  '"token_used" = "quota_data"."token_used" + excluded."token_used", ' +
  '"count" = "quota_data"."count" + excluded."count", "quota" = "quota_data"."quota" + excluded."quota"';

// Enough for a sort or hash of some 100,000 buckets (about 12 MB) to stay in memory.
const SUMMING_WORK_MEM = '32MB';
// The summed columns of a series, each joined into one text value per model.
const SERIES_COLUMNS = ['created_at', 'count', 'token_used', 'quota'] as const;

/** Whose buckets a read selects: a user id (0 = every user's sums) or a username. */
export type BucketOwner = { userId: number } | { username: string };

/** A row as read (bigint columns may come back as text). */
export interface QuotaDataRow {
  id: number;
  user_id: number;
  username: string;
  model_name: string;
  created_at: number | string;
  token_used: number | string;
  count: number | string;
  quota: number | string;
}

/** One model's buckets as read packed: every column is the model's values joined by commas. */
export type PackedSeriesRow = { model_name: string } & Record<(typeof SERIES_COLUMNS)[number], string>;

@Injectable()
export class QuotaDataRepository {
  private readonly postgres: boolean;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.postgres = dataSource.options.type === 'postgres';
  }

  /** Adds the buckets to their rows, all or none (one transaction when they take several statements). */
  async addAll(buckets: readonly QuotaBucket[]): Promise<void> {
    if (buckets.length === 0) return;
    if (buckets.length <= ROWS_PER_STATEMENT) {
      await this.dataSource.query(...this.upsert(buckets));
      return;
    }
    await this.dataSource.transaction(async (manager: EntityManager) => {
      for (let start = 0; start < buckets.length; start += ROWS_PER_STATEMENT)
        await manager.query(...this.upsert(buckets.slice(start, start + ROWS_PER_STATEMENT)));
    });
  }

  /**
   * The owner's hourly buckets in [start, end], or per day or week (starting at `utcOffset`'s local midnight)
   * summed per model. Unordered: sorting here cost more than the read (the caller sorts).
   */
  read(
    owner: BucketOwner,
    start: number,
    end: number,
    granularity: DashboardGranularity,
    utcOffset: number,
  ): Promise<QuotaDataRow[]> {
    const [where, parameters] = this.filter(owner, start, end);
    if (granularity === 'hour') {
      const columns = ['id', ...COLUMNS].map((name) => `"${name}"`).join(', ');
      return this.dataSource.query(`SELECT ${columns} FROM "quota_data" ${where}`, parameters);
    }
    const slot = slotExpression(granularity, utcOffset);
    return this.summing(
      `SELECT 0 AS "id", MAX("user_id") AS "user_id", MAX("username") AS "username", "model_name", ` +
        `${slot} AS "created_at", SUM("token_used") AS "token_used", SUM("count") AS "count", ` +
        `SUM("quota") AS "quota" FROM "quota_data" ${where} GROUP BY ${slot}, "model_name"`,
      parameters,
    );
  }

  /**
   * The same buckets as `read`, one row per model with each column's values joined by commas. Packing them in
   * the database is what makes a long range quick: 100,000 hourly rows cost far more to send and parse one by
   * one than to join (see the README's dashboard benchmark). The columns of a row list their values in the same
   * order (one aggregate step feeds each row to all of them), but in no particular order of time.
   */
  readPacked(
    owner: BucketOwner,
    start: number,
    end: number,
    granularity: DashboardGranularity,
    utcOffset: number,
  ): Promise<PackedSeriesRow[]> {
    const [where, parameters] = this.filter(owner, start, end);
    // Hours are the stored rows; days and weeks are summed per model first.
    let source = `"quota_data" ${where}`;
    if (granularity !== 'hour') {
      const slot = slotExpression(granularity, utcOffset);
      source =
        `(SELECT "model_name", ${slot} AS "created_at", SUM("count") AS "count", ` +
        `SUM("token_used") AS "token_used", SUM("quota") AS "quota" FROM "quota_data" ${where} ` +
        `GROUP BY ${slot}, "model_name") AS "slots"`;
    }
    const joined = SERIES_COLUMNS.map((column) => {
      const text = `CAST("${column}" AS TEXT)`;
      return `${this.postgres ? `string_agg(${text}, ',')` : `group_concat(${text}, ',')`} AS "${column}"`;
    });
    const sql = `SELECT "model_name", ${joined.join(', ')} FROM ${source} GROUP BY "model_name"`;
    // Grouping hours by model alone makes a few hundred groups: no memory to add, nor the round trips to add it.
    return granularity === 'hour' ? this.dataSource.query(sql, parameters) : this.summing(sql, parameters);
  }

  /**
   * Runs a read that sums a range's buckets per slot and model. On PostgreSQL it gets more memory for that than
   * the default 4 MB: a month of one user's (or every user's) buckets then sums in memory, where it spilled a sort
   * to disk.
   */
  private summing<T>(sql: string, parameters: unknown[]): Promise<T[]> {
    if (!this.postgres) return this.dataSource.query(sql, parameters);
    return this.dataSource.transaction(async (manager: EntityManager) => {
      await manager.query(`SET LOCAL work_mem = '${SUMMING_WORK_MEM}'`);
      return manager.query<T[]>(sql, parameters);
    });
  }

  /** The WHERE clause of a read: the owner and the hours in [start, end]. */
  private filter(owner: BucketOwner, start: number, end: number): [string, unknown[]] {
    const [column, value] = 'userId' in owner ? ['user_id', owner.userId] : ['username', owner.username];
    const mark = (index: number) => (this.postgres ? `$${index}` : '?');
    return [
      `WHERE "${column}" = ${mark(1)} AND "created_at" BETWEEN ${mark(2)} AND ${mark(3)}`,
      [value, start, end],
    ];
  }

  private upsert(buckets: readonly QuotaBucket[]): [string, unknown[]] {
    const parameters: unknown[] = [];
    const values = buckets.map((bucket) => {
      const first = parameters.length;
      parameters.push(
        bucket.userId,
        bucket.username,
        bucket.modelName,
        bucket.createdAt,
        bucket.tokenUsed,
        bucket.count,
        bucket.quota,
      );
      const marks = COLUMNS.map((_, index) => (this.postgres ? `$${first + index + 1}` : '?'));
      return `(${marks.join(', ')})`;
    });
    const columns = COLUMNS.map((column) => `"${column}"`).join(', ');
    return [`INSERT INTO "quota_data" (${columns}) VALUES ${values.join(', ')}${UPSERT_TAIL}`, parameters];
  }
}

/**
 * The start of the day or week holding an hour, in integer arithmetic both dialects share (bigint division
 * truncates, and every shifted time is positive). The numbers are checked integers, written into the SQL.
 */
function slotExpression(granularity: Exclude<DashboardGranularity, 'hour'>, utcOffset: number): string {
  if (!Number.isSafeInteger(utcOffset) || Math.abs(utcOffset) >= DASHBOARD_BUCKET_SECONDS * 24 * 2)
    throw new RangeError(`utc offset out of range: ${utcOffset}`);
  const [length, shift] =
    granularity === 'day' ? [DAY_SECONDS, utcOffset] : [WEEK_SECONDS, utcOffset - MONDAY_SHIFT];
  return `(("created_at" + ${shift + WEEK_SECONDS}) / ${length} * ${length} - ${shift + WEEK_SECONDS})`;
}
