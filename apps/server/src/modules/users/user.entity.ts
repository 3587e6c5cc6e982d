import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../../infra/database/columns';

@Entity('users')
// An expression index (LOWER(email)) the schema builder cannot describe: the migrations own it.
@Index('idx_users_email_lower', { synchronize: false })
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('idx_users_username', { unique: true })
  @Column({ type: 'varchar', length: 20 })
  username: string;

  @Column({ type: 'varchar', length: 255 })
  password: string;

  @Column({ name: 'display_name', type: 'varchar', length: 50, default: '' })
  displayName: string;

  @Column({ type: 'integer', default: 1 })
  role: number;

  @Column({ type: 'integer', default: 1 })
  status: number;

  /** Stored as given; compared lower-cased (idx_users_email_lower). */
  @Column({ type: 'varchar', length: 100, default: '' })
  email: string;

  @Index('idx_users_github_id')
  @Column({ name: 'github_id', type: 'varchar', length: 64, default: '' })
  githubId: string;

  @Index('idx_users_oidc_id')
  @Column({ name: 'oidc_id', type: 'varchar', length: 255, default: '' })
  oidcId: string;

  @Index('idx_users_wechat_id')
  @Column({ name: 'wechat_id', type: 'varchar', length: 64, default: '' })
  wechatId: string;

  @Index('idx_users_telegram_id')
  @Column({ name: 'telegram_id', type: 'varchar', length: 64, default: '' })
  telegramId: string;

  @Index('idx_users_linux_do_id')
  @Column({ name: 'linux_do_id', type: 'varchar', length: 64, default: '' })
  linuxDoId: string;

  /** System access token for the management API (never the relay). */
  @Index('idx_users_access_token', { unique: true })
  @Column({ name: 'access_token', type: 'varchar', length: 64, nullable: true })
  accessToken: string | null;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  quota: number;

  @Column({ name: 'used_quota', type: 'bigint', default: 0, transformer: bigintAsNumber })
  usedQuota: number;

  @Column({ name: 'request_count', type: 'integer', default: 0 })
  requestCount: number;

  @Column({ name: 'group', type: 'varchar', length: 64, default: 'default' })
  group: string;

  @Index('idx_users_aff_code', { unique: true })
  @Column({ name: 'aff_code', type: 'varchar', length: 32, nullable: true })
  affCode: string | null;

  @Column({ name: 'aff_count', type: 'integer', default: 0 })
  affCount: number;

  @Column({ name: 'aff_quota', type: 'bigint', default: 0, transformer: bigintAsNumber })
  affQuota: number;

  @Column({ name: 'aff_history_quota', type: 'bigint', default: 0, transformer: bigintAsNumber })
  affHistoryQuota: number;

  @Index('idx_users_inviter_id')
  @Column({ name: 'inviter_id', type: 'integer', default: 0 })
  inviterId: number;

  /** User setting JSON (notify type, thresholds, webhook, …) kept as text for portability. */
  @Column({ type: 'text', default: '' })
  setting: string;

  /** Concurrent relay requests allowed; 0 = no limit. */
  @Column({ name: 'concurrency_limit', type: 'integer', default: 0 })
  concurrencyLimit: number;

  /** Epoch seconds of the last daily check-in (0 = never); one per UTC day. */
  @Column({ name: 'last_check_in_time', type: 'bigint', default: 0, transformer: bigintAsNumber })
  lastCheckInTime: number;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;

  /** Soft delete (epoch seconds): the account shows as cancelled and cannot sign in. */
  @Index('idx_users_deleted_at')
  @Column({ name: 'deleted_at', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  deletedAt: number | null;
}
