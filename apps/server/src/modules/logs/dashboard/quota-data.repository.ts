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
    const [column, value] = 'userId' in owner ? ['user_id', owner.userId] : ['username', owner.username];
    const mark = (index: number) => (this.postgres ? `$${index}` : '?');
    const where = `WHERE "${column}" = ${mark(1)} AND "created_at" BETWEEN ${mark(2)} AND ${mark(3)}`;
    const parameters = [value, start, end];
    if (granularity === 'hour') {
      const columns = ['id', ...COLUMNS].map((name) => `"${name}"`).join(', ');
      return this.dataSource.query(`SELECT ${columns} FROM "quota_data" ${where}`, parameters);
    }
    const slot = slotExpression(granularity, utcOffset);
    return this.dataSource.query(
      `SELECT 0 AS "id", MAX("user_id") AS "user_id", MAX("username") AS "username", "model_name", ` +
        `${slot} AS "created_at", SUM("token_used") AS "token_used", SUM("count") AS "count", ` +
        `SUM("quota") AS "quota" FROM "quota_data" ${where} GROUP BY ${slot}, "model_name"`,
      parameters,
    );
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
