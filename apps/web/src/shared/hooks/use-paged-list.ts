import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@tollgate/contracts';
import { useState } from 'react';
import { useStoredPageSize } from '../../lib/use-stored-page-size';

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** Search terms by name; '' means "not filtered by this". */
export type ListFilters = Record<string, string>;

/** A filters interface whose every field is a search term (interfaces have no index signature). */
type TermsOf<TFilters> = Record<keyof TFilters, string>;

/** What a paged table needs of its list: the page on screen and the rows ticked on it. */
export interface PagedRows<TRow> {
  data: Page<TRow> | undefined;
  isLoading: boolean;
  /** Why the page on screen could not be loaded (null once it loads). */
  error: Error | null;
  /** Fetches the page on screen again (a refresh or retry button). */
  reload: () => void;
  page: number;
  pageSize: number;
  changePage: (page: number, pageSize: number) => void;
  selected: TRow[];
  select: (rows: TRow[]) => void;
}

export interface PagedList<TRow, TFilters extends TermsOf<TFilters>> extends PagedRows<TRow> {
  search: (filters: TFilters) => void;
  clearSelection: () => void;
}

interface PagedListOptions<TRow, TFilters extends TermsOf<TFilters>> {
  /** Names the remembered page size (spec §9: each table keeps its own choice). */
  table: string;
  /** Every page lives under this key, so one invalidation reloads whichever is on screen. */
  listKey: QueryKey;
  noFilters: TFilters;
  fetchPage: (query: PageQuery & TFilters) => Promise<Page<TRow>>;
}

const trimmed = <TFilters extends TermsOf<TFilters>>(filters: TFilters): TFilters =>
  Object.fromEntries(
    Object.entries<string>(filters).map(([name, value]) => [name, value.trim()]),
  ) as TFilters;

/**
 * A list shown one server page at a time, searched by the toolbar's terms. Another page, page size or
 * search starts with nothing ticked, so a batch action never reaches rows the user no longer sees.
 */
export function usePagedList<TRow, TFilters extends TermsOf<TFilters>>({
  table,
  listKey,
  noFilters,
  fetchPage,
}: PagedListOptions<TRow, TFilters>): PagedList<TRow, TFilters> {
  const [pageSize, setPageSize] = useStoredPageSize(table);
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<TFilters>(noFilters);
  const [selected, setSelected] = useState<TRow[]>([]);
  const query = useQuery({
    queryKey: [...listKey, { page, pageSize, ...filters }],
    queryFn: () => fetchPage({ page, pageSize, ...filters }),
    placeholderData: keepPreviousData,
  });

  // Deleting the last rows of the last page leaves it empty: show the last page that has rows.
  const lastPage = Math.max(1, Math.ceil((query.data?.total ?? 0) / pageSize));
  if (query.isSuccess && !query.isFetching && page > lastPage) setPage(lastPage);

  const changePage = (nextPage: number, nextSize: number): void => {
    setSelected([]);
    if (nextSize !== pageSize) setPageSize(nextSize);
    setPage(nextSize === pageSize ? nextPage : 1);
  };

  const search = (next: TFilters): void => {
    setSelected([]);
    setFilters(trimmed(next));
    setPage(1);
  };

  return {
    data: query.data,
    isLoading: query.isFetching,
    error: query.error,
    page,
    pageSize,
    changePage,
    search,
    selected,
    select: setSelected,
    clearSelection: () => setSelected([]),
    reload: () => void query.refetch(),
  };
}
