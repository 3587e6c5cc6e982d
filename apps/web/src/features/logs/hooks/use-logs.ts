import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isAdmin } from '@tollgate/contracts';
import { useState } from 'react';
import { useStoredPageSize } from '../../../lib/use-stored-page-size';
import { useErrorMessage } from '../../../shared/hooks/use-error-message';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { fetchLogPage, fetchLogStat, type LogScope } from '../api';
import { defaultLogSearch, logFilters, type LogSearch } from '../log-search';

export const LOGS_KEY = ['logs'] as const;

/**
 * The usage log screen's data: one page of rows and the stat chips, both for the same filters. Administrators read
 * every user's rows (and may filter by user and channel); everyone else their own. The page size is remembered
 * (spec 001 §9); a failed page stays on screen as an error with a retry, not as an empty list.
 */
export function useLogs() {
  const user = useCurrentUser();
  const admin = isAdmin(user?.role ?? 0);
  const scope: LogScope = admin ? 'all' : 'self';
  const [search, setSearch] = useState<LogSearch>(defaultLogSearch);
  const [pageSize, setPageSize] = useStoredPageSize('logs');
  const [page, setPage] = useState(1);
  const filters = logFilters(search, admin);

  const rows = useQuery({
    queryKey: [...LOGS_KEY, scope, 'page', { page, pageSize, ...filters }],
    queryFn: () => fetchLogPage(scope, { p: page, page_size: pageSize, ...filters }),
    placeholderData: keepPreviousData,
  });
  // The stat sums consumption whatever the type filter says: a type change does not ask again.
  const statFilters = { ...filters, type: undefined };
  const stat = useQuery({
    queryKey: [...LOGS_KEY, scope, 'stat', statFilters],
    queryFn: () => fetchLogStat(scope, statFilters),
    placeholderData: keepPreviousData,
  });
  // A failed page already says why in the table; the stat's failure is reported only beside rows that loaded.
  useErrorMessage(rows.error ? null : stat.error);

  const list = {
    data: rows.data,
    isLoading: rows.isFetching,
    error: rows.error,
    page,
    pageSize,
    changePage: (nextPage: number, nextSize: number): void => {
      if (nextSize !== pageSize) setPageSize(nextSize);
      setPage(nextSize === pageSize ? nextPage : 1);
    },
    reload: () => void rows.refetch(),
  };

  const apply = (next: LogSearch): void => {
    setSearch(next);
    setPage(1);
  };

  const reload = (): void => {
    void rows.refetch();
    void stat.refetch();
  };

  return { admin, list, search, apply, reload, stat: { data: stat.data, isLoading: stat.isFetching } };
}

export type LogList = ReturnType<typeof useLogs>['list'];
