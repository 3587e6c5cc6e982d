import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../../infra/database/columns';

/** An API key a user issued for the relay (spec 001 §3 Token). */
@Entity('tokens')
export class TokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('idx_tokens_user_id')
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** SHA-256 hex of the 48-character key: the relay finds a token by it without the key being readable. */
  @Index('idx_tokens_key_hash', { unique: true })
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash: string;

  /** The key sealed with SecretBox so its owner can copy it again; a database dump alone gives no key. */
  @Column({ name: 'key_sealed', type: 'text' })
  keySealed: string;

  @Index('idx_tokens_name')
  @Column({ type: 'varchar', length: 50, default: '' })
  name: string;

  @Column({ type: 'integer', default: 1 })
  status: number;

  @Column({ name: 'created_time', type: 'bigint', transformer: bigintAsNumber })
  createdTime: number;

  @Column({ name: 'accessed_time', type: 'bigint', default: 0, transformer: bigintAsNumber })
  accessedTime: number;

  /** Epoch seconds, -1 = never. */
  @Column({ name: 'expired_time', type: 'bigint', default: -1, transformer: bigintAsNumber })
  expiredTime: number;

  @Column({ name: 'remain_quota', type: 'bigint', default: 0, transformer: bigintAsNumber })
  remainQuota: number;

  @Column({ name: 'used_quota', type: 'bigint', default: 0, transformer: bigintAsNumber })
  usedQuota: number;

  @Column({ name: 'unlimited_quota', type: 'boolean', default: false })
  unlimitedQuota: boolean;

  @Column({ name: 'model_limits_enabled', type: 'boolean', default: false })
  modelLimitsEnabled: boolean;

  /** Comma-joined model names. */
  @Column({ name: 'model_limits', type: 'text', default: '' })
  modelLimits: string;

  /** One IP address or CIDR per line; empty = any. */
  @Column({ name: 'allow_ips', type: 'text', default: '' })
  allowIps: string;

  /** '' = the owner's group. */
  @Column({ name: 'group', type: 'varchar', length: 64, default: '' })
  group: string;

  @Column({ name: 'rate_limit_enabled', type: 'boolean', default: false })
  rateLimitEnabled: boolean;

  @Column({ name: 'rate_limit_period', type: 'integer', default: 60 })
  rateLimitPeriod: number;

  @Column({ name: 'rate_limit_count', type: 'integer', default: 1000 })
  rateLimitCount: number;

  @Column({ name: 'rate_limit_success', type: 'integer', default: 10 })
  rateLimitSuccess: number;
}
