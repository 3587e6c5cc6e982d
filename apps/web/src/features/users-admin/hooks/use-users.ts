import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useStoredPageSize } from '../../../lib/use-stored-page-size';
import { listUsers } from '../api';

export const USERS_KEY = ['admin-users'] as const;

export interface UserFilters {
  keyword: string;
  group: string;
}

const NO_FILTERS: UserFilters = { keyword: '', group: '' };

/** The user table, one server page at a time, optionally searched by keyword and group. */
export function useUsers() {
  const { message } = App.useApp();
  const [pageSize, setPageSize] = useStoredPageSize('users');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const query = useQuery({
    queryKey: [...USERS_KEY, 'list', { page, pageSize, ...filters }],
    queryFn: () => listUsers({ page, pageSize, ...filters }),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (query.error) void message.error(query.error.message);
  }, [query.error, message]);

  const changePage = (nextPage: number, nextSize: number): void => {
    if (nextSize !== pageSize) setPageSize(nextSize);
    setPage(nextSize === pageSize ? nextPage : 1);
  };

  const search = (next: UserFilters): void => {
    setFilters({ keyword: next.keyword.trim(), group: next.group });
    setPage(1);
  };

  return { data: query.data, isLoading: query.isFetching, page, pageSize, changePage, search };
}
