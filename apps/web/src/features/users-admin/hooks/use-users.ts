import type { AdminUser } from '@tollgate/contracts';
import { usePagedList } from '../../../shared/hooks/use-paged-list';
import { listUsers } from '../api';

export const USERS_KEY = ['admin-users'] as const;

export interface UserFilters {
  keyword: string;
  group: string;
}

const NO_FILTERS: UserFilters = { keyword: '', group: '' };

/** The user table, one server page at a time, optionally searched by keyword and group. */
export function useUsers() {
  return usePagedList<AdminUser, UserFilters>({
    table: 'users',
    // The edit drawer's record sits under USERS_KEY too, beside the pages.
    listKey: [...USERS_KEY, 'list'],
    noFilters: NO_FILTERS,
    fetchPage: listUsers,
  });
}
