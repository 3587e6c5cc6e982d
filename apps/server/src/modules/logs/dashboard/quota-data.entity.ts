import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../../../infra/database/columns';

/**
 * One hourly bucket of the data dashboard (reference §10 `quota_data`): the consumption of one user and model
 * in one hour. Rows under user 0 are every user's sum per model and hour, so the admin's all-users view reads a
 * few rows per hour instead of adding up every user's.
 */
@Entity('quota_data')
// One bucket per user, model and hour: the flush's upsert target. created_at comes second so the same key
// serves one user's (and user 0's) time range.
@Index('uq_quota_data_user_hour_model', ['userId', 'createdAt', 'modelName'], { unique: true })
// The admin's username filter over a time range.
@Index('idx_quota_data_username_hour', ['username', 'createdAt'])
export class QuotaDataEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 20, default: '' })
  username: string;

  @Column({ name: 'model_name', type: 'varchar', length: 255, default: '' })
  modelName: string;

  /** Start of the hour, Unix seconds. */
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;

  /** Prompt + completion tokens. */
  @Column({ name: 'token_used', type: 'bigint', default: 0, transformer: bigintAsNumber })
  tokenUsed: number;

  @Column({ type: 'integer', default: 0 })
  count: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  quota: number;
}
