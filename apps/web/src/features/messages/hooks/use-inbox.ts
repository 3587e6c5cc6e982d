import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InboxMessage } from '@tollgate/contracts';
import { useState } from 'react';
import type { PagedRows } from '../../../shared/hooks/use-paged-list';
import { useStoredPageSize } from '../../../lib/use-stored-page-size';
import { INBOX_KEY } from '../../../shared/inbox-badge/use-unread-count';
import { listInbox } from '../api';

/** The user's messages one page at a time, with the inbox's own stored page size (spec 001 §9). */
export function useInbox(): PagedRows<InboxMessage> {
  const [pageSize, setPageSize] = useStoredPageSize('inbox');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...INBOX_KEY, 'page', { page, pageSize }],
    queryFn: () => listInbox(page, pageSize),
    placeholderData: keepPreviousData,
  });
  return {
    data: query.data,
    isLoading: query.isFetching,
    error: query.error,
    reload: () => void query.refetch(),
    page,
    pageSize,
    changePage: (nextPage, nextSize) => {
      if (nextSize !== pageSize) setPageSize(nextSize);
      setPage(nextSize === pageSize ? nextPage : 1);
    },
    selected: [],
    select: () => undefined,
  };
}
