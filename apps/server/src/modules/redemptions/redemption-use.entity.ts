import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from '../../infra/database/columns';
import { RedemptionEntity } from './redemption.entity';

/** Who redeemed which code: the primary key makes a gift code redeemable once per user. */
@Entity('redemption_uses')
export class RedemptionUseEntity {
  @PrimaryColumn({ name: 'redemption_id', type: 'integer' })
  redemptionId: number;

  @Index('idx_redemption_uses_user_id')
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'created_time', type: 'bigint', transformer: bigintAsNumber })
  createdTime: number;

  // Deleting a code deletes its history with it.
  @ManyToOne(() => RedemptionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'redemption_id' })
  redemption?: RedemptionEntity;
}
