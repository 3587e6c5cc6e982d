import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../../infra/database/columns';

/**
 * One usage/top-up/management/system/check-in/error event (spec 001 §3 Log entry).
 * Each index serves one filter of the log pages in their order (newest first = created_at DESC, id DESC), so a page
 * reads its rows straight off the index and stops at LIMIT; `log-queries.ts` names the query each one serves and
 * test/logs-plans.e2e-spec.ts checks PostgreSQL still uses it.
 */
@Entity('logs')
// The admin's unfiltered pages, time ranges, stats over a range, deletion and retention by age.
@Index('idx_logs_created', ['createdAt', 'id'])
// Every page and stat of the caller's own view (all of them filter by user).
@Index('idx_logs_user_created', ['userId', 'createdAt', 'id'])
// The admin's username filter (rows keep the name they were written with).
@Index('idx_logs_username_created', ['username', 'createdAt', 'id'])
// The admin's model filter, alone or with a time range (the most used filter after time).
@Index('idx_logs_model_created', ['modelName', 'createdAt', 'id'])
// The admin's channel filter.
@Index('idx_logs_channel_created', ['channel', 'createdAt', 'id'])
// The admin's token-name filter.
@Index('idx_logs_token_created', ['tokenName', 'createdAt', 'id'])
// The type filter (its rare types: top-ups, management, errors).
@Index('idx_logs_type_created', ['type', 'createdAt', 'id'])
export class LogEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;

  @Column({ type: 'integer', default: 0 })
  type: number;

  @Column({ type: 'text', default: '' })
  content: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  username: string;

  @Column({ name: 'user_id', type: 'integer', default: 0 })
  userId: number;

  @Column({ name: 'token_name', type: 'varchar', length: 50, default: '' })
  tokenName: string;

  @Column({ name: 'token_id', type: 'integer', default: 0 })
  tokenId: number;

  @Column({ name: 'model_name', type: 'varchar', length: 255, default: '' })
  modelName: string;

  @Column({ name: 'group', type: 'varchar', length: 64, default: '' })
  group: string;

  /** Channel id (0 = none); the console joins the channel name for admins. */
  @Column({ name: 'channel', type: 'integer', default: 0 })
  channel: number;

  @Column({ name: 'is_stream', type: 'boolean', default: false })
  isStream: boolean;

  /** Whole seconds the call took. */
  @Column({ name: 'use_time', type: 'integer', default: 0 })
  useTime: number;

  @Column({ name: 'prompt_tokens', type: 'integer', default: 0 })
  promptTokens: number;

  @Column({ name: 'completion_tokens', type: 'integer', default: 0 })
  completionTokens: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  quota: number;

  /** JSON text (ratios, first-token time, admin info …). */
  @Column({ type: 'text', default: '' })
  other: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  ip: string;
}
