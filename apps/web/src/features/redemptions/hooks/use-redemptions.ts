import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useStoredPageSize } from '../../../lib/use-stored-page-size';
import { listRedemptions } from '../api';

export const REDEMPTIONS_KEY = ['redemptions'] as const;

/** Redemption codes, one server page at a time, optionally searched by id or name. */
export function useRedemptions() {
  const { message } = App.useApp();
  const [pageSize, setPageSize] = useStoredPageSize('redemptions');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const query = useQuery({
    queryKey: [...REDEMPTIONS_KEY, { page, pageSize, keyword }],
    queryFn: () => listRedemptions({ page, pageSize, keyword }),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (query.error) void message.error(query.error.message);
  }, [query.error, message]);

  // Deleting the last rows of the last page leaves it empty: show the last page that has rows.
  const lastPage = Math.max(1, Math.ceil((query.data?.total ?? 0) / pageSize));
  if (query.isSuccess && !query.isFetching && page > lastPage) setPage(lastPage);

  const changePage = (nextPage: number, nextSize: number): void => {
    if (nextSize !== pageSize) setPageSize(nextSize);
    setPage(nextSize === pageSize ? nextPage : 1);
  };

  const search = (next: string): void => {
    setKeyword(next.trim());
    setPage(1);
  };

  return { data: query.data, isLoading: query.isFetching, page, pageSize, changePage, search };
}
