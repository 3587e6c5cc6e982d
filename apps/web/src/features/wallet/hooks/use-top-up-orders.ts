import type { TopUpOrder } from '@tollgate/contracts';
import { usePagedList } from '../../../shared/hooks/use-paged-list';
import { listOwnOrders } from '../api';

export const TOP_UP_ORDERS_KEY = ['top-up-orders', 'self'] as const;

/** The user's own top-up orders, newest first. */
export function useTopUpOrders() {
  return usePagedList<TopUpOrder, Record<never, string>>({
    table: 'top-up-orders',
    listKey: TOP_UP_ORDERS_KEY,
    noFilters: {},
    fetchPage: listOwnOrders,
  });
}
