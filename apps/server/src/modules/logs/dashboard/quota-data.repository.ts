import { Inject, Injectable } from '@nestjs/common';
import { Between, DataSource, type EntityManager, type Repository } from 'typeorm';
import { type QuotaBucket } from './quota-buckets';
import { QuotaDataEntity } from './quota-data.entity';

// Rows per upsert statement: 7 parameters each stays far below both databases' parameter limits.
const ROWS_PER_STATEMENT = 1000;
const COLUMNS = ['user_id', 'username', 'model_name', 'created_at', 'token_used', 'count', 'quota'] as const;

/**
 * Buckets are added as increments (INSERT … ON CONFLICT DO UPDATE adding to the row), so replicas flushing the
 * same hour, or a process flushing twice, sum instead of overwriting each other.
 */
const UPSERT_TAIL =
  ' ON CONFLICT ("user_id", "created_at", "model_name") DO UPDATE SET "username" = excluded."username", ' +
  '"token_used" = "quota_data"."token_used" + excluded."token_used", ' +
  '"count" = "quota_data"."count" + excluded."count", "quota" = "quota_data"."quota" + excluded."quota"';

@Injectable()
export class QuotaDataRepository {
  private readonly rows: Repository<QuotaDataEntity>;
  private readonly postgres: boolean;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.rows = dataSource.getRepository(QuotaDataEntity);
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

  /** One user's buckets (or user 0's: every user's sums) in [start, end], by hour then model. */
  forUser(userId: number, start: number, end: number): Promise<QuotaDataEntity[]> {
    return this.rows.find({
      where: { userId, createdAt: Between(start, end) },
      order: { createdAt: 'ASC', modelName: 'ASC' },
    });
  }

  /** The buckets stored under a username in [start, end], by hour then model. */
  forUsername(username: string, start: number, end: number): Promise<QuotaDataEntity[]> {
    return this.rows.find({
      where: { username, createdAt: Between(start, end) },
      order: { createdAt: 'ASC', modelName: 'ASC' },
    });
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
