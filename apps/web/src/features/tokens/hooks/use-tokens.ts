import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useStoredPageSize } from '../../../lib/use-stored-page-size';
import { listTokens } from '../api';

export const TOKENS_KEY = ['tokens'] as const;

export interface TokenFilters {
  keyword: string;
  token: string;
}

const NO_FILTERS: TokenFilters = { keyword: '', token: '' };

/** The signed-in user's tokens, one server page at a time, optionally filtered by name and key. */
export function useTokens() {
  const { message } = App.useApp();
  const [pageSize, setPageSize] = useStoredPageSize('tokens');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<TokenFilters>(NO_FILTERS);
  const query = useQuery({
    queryKey: [...TOKENS_KEY, { page, pageSize, ...filters }],
    queryFn: () => listTokens({ page, pageSize, ...filters }),
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

  const search = (next: TokenFilters): void => {
    setFilters({ keyword: next.keyword.trim(), token: next.token.trim() });
    setPage(1);
  };

  return {
    data: query.data,
    isLoading: query.isFetching,
    page,
    pageSize,
    changePage,
    search,
  };
}
