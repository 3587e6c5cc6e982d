import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { type PaymentMethod, type TopUpOrderStatus } from '@tollgate/contracts';
import { bigintAsNumber } from '../../infra/database/columns';

/**
 * An online top-up order (reference §9 `top_ups`). The quota to credit is fixed when the order is made, so a
 * later change of QuotaPerUnit or Price cannot change what a payment buys; money is kept in cents (exact).
 */
@Entity('top_ups')
// The expiry job reads pending orders older than a day without walking the paid ones.
@Index('idx_top_ups_status_created_at', ['status', 'createdAt'])
export class TopUpOrderEntity {
  @PrimaryGeneratedColumn()
  id: number;

  // A user's history pages through their own orders only.
  @Index('idx_top_ups_user_id')
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  // The callback finds its order by trade number; one number, one order.
  @Index('idx_top_ups_trade_no', { unique: true })
  @Column({ name: 'trade_no', type: 'varchar', length: 64 })
  tradeNo: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  quota: number;

  @Column({ name: 'money_cents', type: 'bigint', transformer: bigintAsNumber })
  moneyCents: number;

  @Column({ name: 'payment_method', type: 'varchar', length: 8 })
  paymentMethod: PaymentMethod;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: TopUpOrderStatus;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;

  /** When the payment was credited; 0 until then. */
  @Column({ name: 'completed_at', type: 'bigint', default: 0, transformer: bigintAsNumber })
  completedAt: number;
}
