import { type Page, TOP_UP_ROUTES, type TopUpOrder } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

export interface TopUpOrderQuery {
  page: number;
  pageSize: number;
  keyword: string;
}

/** Every user's orders, newest first; `keyword` = part of a trade number, a user id, username or email. */
export function listAllOrders({ page, pageSize, keyword }: TopUpOrderQuery): Promise<Page<TopUpOrder>> {
  return apiClient.get<Page<TopUpOrder>>(TOP_UP_ROUTES.all, {
    p: page,
    page_size: pageSize,
    keyword: keyword || undefined,
  });
}
