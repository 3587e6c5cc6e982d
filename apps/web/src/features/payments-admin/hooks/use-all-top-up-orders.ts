import type { TopUpOrder } from '@tollgate/contracts';
import { usePagedList } from '../../../shared/hooks/use-paged-list';
import { listAllOrders } from '../api';

export interface TopUpOrderFilters {
  keyword: string;
}

const NO_FILTERS: TopUpOrderFilters = { keyword: '' };

/** All top-up orders for administrators, searchable by trade number or user. */
export function useAllTopUpOrders() {
  return usePagedList<TopUpOrder, TopUpOrderFilters>({
    table: 'admin-top-up-orders',
    listKey: ['top-up-orders', 'all'],
    noFilters: NO_FILTERS,
    fetchPage: listAllOrders,
  });
}
