import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../../infra/database/columns';

/** A redemption code (spec 001 §3 Redemption). Codes are shown to admins, so the key is kept as is. */
@Entity('redemptions')
export class RedemptionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Administrator who created it. */
  @Column({ name: 'user_id', type: 'integer', default: 0 })
  userId: number;

  @Index('idx_redemptions_key', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  key: string;

  @Index('idx_redemptions_status')
  @Column({ type: 'integer', default: 1 })
  status: number;

  @Index('idx_redemptions_name')
  @Column({ type: 'varchar', length: 50, default: '' })
  name: string;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  quota: number;

  @Column({ name: 'created_time', type: 'bigint', transformer: bigintAsNumber })
  createdTime: number;

  /** Last redemption (epoch seconds); 0 = never. */
  @Column({ name: 'redeemed_time', type: 'bigint', default: 0, transformer: bigintAsNumber })
  redeemedTime: number;

  /** Last user who redeemed it; 0 = none. */
  @Column({ name: 'used_user_id', type: 'integer', default: 0 })
  usedUserId: number;

  @Column({ name: 'is_gift', type: 'boolean', default: false })
  isGift: boolean;

  /** Gift codes: redemptions allowed in total, -1 = unlimited. */
  @Column({ name: 'max_uses', type: 'integer', default: -1 })
  maxUses: number;

  @Column({ name: 'used_count', type: 'integer', default: 0 })
  usedCount: number;

  /** Epoch seconds; 0 = unset. */
  @Column({ name: 'valid_from', type: 'bigint', default: 0, transformer: bigintAsNumber })
  validFrom: number;

  @Column({ name: 'valid_until', type: 'bigint', default: 0, transformer: bigintAsNumber })
  validUntil: number;
}
