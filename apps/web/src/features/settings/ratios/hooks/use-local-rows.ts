import type { Key } from 'react';
import { useState } from 'react';
import type { PagedRows } from '../../../../shared/hooks/use-paged-list';
import { useStoredPageSize } from '../../../../lib/use-stored-page-size';

interface LoadState {
  isLoading?: boolean;
  error?: Error | null;
  reload?: () => void;
}

/**
 * Rows held in the browser, shown a page at a time by the shared paged table (with its stored page size).
 * Ticks are kept by id, so an edited row stays ticked; another page starts with none ticked.
 */
export function useLocalRows<TRow extends { id: Key }>(
  table: string,
  rows: readonly TRow[],
  load: LoadState = {},
): PagedRows<TRow> & { clearSelection: () => void; toFirstPage: () => void } {
  const [pageSize, setPageSize] = useStoredPageSize(table);
  const [page, setPage] = useState(1);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<Key>>(new Set());

  // A search or a deletion can leave fewer pages than the one on screen.
  const lastPage = Math.max(1, Math.ceil(rows.length / pageSize));
  const shownPage = Math.min(page, lastPage);
  const start = (shownPage - 1) * pageSize;

  return {
    data: {
      items: rows.slice(start, start + pageSize),
      page: shownPage,
      page_size: pageSize,
      total: rows.length,
    },
    isLoading: load.isLoading ?? false,
    error: load.error ?? null,
    reload: load.reload ?? (() => undefined),
    page: shownPage,
    pageSize,
    changePage: (nextPage, nextSize) => {
      setSelectedIds(new Set());
      if (nextSize !== pageSize) setPageSize(nextSize);
      setPage(nextSize === pageSize ? nextPage : 1);
    },
    selected: rows.filter((row) => selectedIds.has(row.id)),
    select: (picked) => setSelectedIds(new Set(picked.map((row) => row.id))),
    clearSelection: () => setSelectedIds(new Set()),
    toFirstPage: () => setPage(1),
  };
}
