import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../../infra/database/columns';

/** An upstream provider account. JSON fields are text ('' = none); `key` holds the sealed upstream key(s). */
@Entity('channels')
export class ChannelEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', default: 1 })
  type: number;

  @Index('idx_channels_name')
  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** SecretBox-sealed: one key, or for a multi-key channel a JSON array of keys. */
  @Column({ type: 'text' })
  key: string;

  @Column({ name: 'openai_organization', type: 'varchar', length: 255, default: '' })
  openaiOrganization: string;

  @Column({ name: 'max_input_tokens', type: 'integer', default: 0 })
  maxInputTokens: number;

  @Column({ name: 'base_url', type: 'text', default: '' })
  baseUrl: string;

  @Column({ type: 'text', default: '' })
  other: string;

  @Column({ name: 'model_mapping', type: 'text', default: '' })
  modelMapping: string;

  @Column({ name: 'status_code_mapping', type: 'text', default: '' })
  statusCodeMapping: string;

  @Column({ type: 'text', default: '' })
  setting: string;

  @Column({ name: 'param_override', type: 'text', default: '' })
  paramOverride: string;

  @Column({ name: 'header_override', type: 'text', default: '' })
  headerOverride: string;

  /** Comma-joined, normalised (trimmed, no empties or repeats). */
  @Column({ type: 'text' })
  models: string;

  @Column({ name: 'group', type: 'text' })
  group: string;

  @Column({ name: 'auto_ban', type: 'integer', default: 1 })
  autoBan: number;

  @Column({ name: 'test_model', type: 'varchar', length: 255, default: '' })
  testModel: string;

  @Column({ type: 'integer', default: 0 })
  priority: number;

  @Column({ type: 'integer', default: 0 })
  weight: number;

  /** '' = untagged. */
  @Index('idx_channels_tag')
  @Column({ type: 'varchar', length: 255, default: '' })
  tag: string;

  @Column({ name: 'model_prefix', type: 'varchar', length: 255, default: '' })
  modelPrefix: string;

  @Index('idx_channels_status')
  @Column({ type: 'integer', default: 1 })
  status: number;

  /** Milliseconds of the last test. */
  @Column({ name: 'response_time', type: 'integer', default: 0 })
  responseTime: number;

  @Column({ type: 'double precision', default: 0 })
  balance: number;

  @Column({ name: 'used_quota', type: 'bigint', default: 0, transformer: bigintAsNumber })
  usedQuota: number;

  /** JSON {status_reason, status_time} of the last automatic disabling. */
  @Column({ name: 'other_info', type: 'text', default: '' })
  otherInfo: string;

  /** JSON ChannelInfo (multi-key state). */
  @Column({ name: 'channel_info', type: 'text', default: '' })
  channelInfo: string;

  @Column({ name: 'created_time', type: 'bigint', transformer: bigintAsNumber })
  createdTime: number;

  @Column({ name: 'test_time', type: 'bigint', default: 0, transformer: bigintAsNumber })
  testTime: number;

  @Column({ name: 'balance_updated_time', type: 'bigint', default: 0, transformer: bigintAsNumber })
  balanceUpdatedTime: number;
}
