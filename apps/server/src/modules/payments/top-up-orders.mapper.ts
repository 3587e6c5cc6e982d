import { type TopUpOrder } from '@tollgate/contracts';
import { formatCents } from './top-up-pricing';
import { type TopUpOrderEntity } from './top-up-order.entity';

export function toTopUpOrder(order: TopUpOrderEntity, username?: string): TopUpOrder {
  return {
    id: order.id,
    user_id: order.userId,
    ...(username === undefined ? {} : { username }),
    trade_no: order.tradeNo,
    quota: order.quota,
    money: formatCents(order.moneyCents),
    payment_method: order.paymentMethod,
    status: order.status,
    created_at: order.createdAt,
    completed_at: order.completedAt,
  };
}
