import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../../infra/database/columns';

/** One usage/top-up/management/system/check-in/error event (spec 001 §3 Log entry). */
@Entity('logs')
export class LogEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('idx_logs_created_at')
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;

  @Index('idx_logs_type')
  @Column({ type: 'integer', default: 0 })
  type: number;

  @Column({ type: 'text', default: '' })
  content: string;

  @Index('idx_logs_username')
  @Column({ type: 'varchar', length: 20, default: '' })
  username: string;

  @Index('idx_logs_user_id')
  @Column({ name: 'user_id', type: 'integer', default: 0 })
  userId: number;

  @Index('idx_logs_token_name')
  @Column({ name: 'token_name', type: 'varchar', length: 50, default: '' })
  tokenName: string;

  @Column({ name: 'token_id', type: 'integer', default: 0 })
  tokenId: number;

  @Index('idx_logs_model_name')
  @Column({ name: 'model_name', type: 'varchar', length: 255, default: '' })
  modelName: string;

  @Column({ name: 'group', type: 'varchar', length: 64, default: '' })
  group: string;

  /** Channel id (0 = none); the console joins the channel name for admins. */
  @Index('idx_logs_channel')
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
