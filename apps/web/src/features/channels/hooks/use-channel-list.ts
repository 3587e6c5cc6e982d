import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChannelSearchQuery } from '@tollgate/contracts';
import { useMemo, useState } from 'react';
import { useErrorMessage } from '../../../shared/hooks/use-error-message';
import { fetchChannels } from '../api';
import { buildRows } from '../channel-rows';
import { channelKeys } from '../query-keys';

export interface ChannelSearch {
  keyword: string;
  group: string;
  model: string;
}

export const EMPTY_SEARCH: ChannelSearch = { keyword: '', group: '', model: '' };

interface ListOptions {
  pageSize: number;
  tagMode: boolean;
  idSort: boolean;
}

/** The channel page on screen: applied search terms, server paging, rows grouped by tag in tag mode. */
export function useChannelList({ pageSize, tagMode, idSort }: ListOptions) {
  const [search, setSearch] = useState<ChannelSearch>(EMPTY_SEARCH);
  const [page, setPage] = useState(1);

  const query: ChannelSearchQuery = {
    p: page,
    page_size: pageSize,
    id_sort: idSort,
    tag_mode: tagMode,
    keyword: search.keyword.trim() || undefined,
    group: search.group || undefined,
    model: search.model.trim() || undefined,
  };
  const list = useQuery({
    queryKey: channelKeys.list(query),
    queryFn: () => fetchChannels(query),
    placeholderData: keepPreviousData,
  });

  useErrorMessage(list.error);

  const items = list.data?.items;
  const rows = useMemo(() => buildRows(items ?? [], tagMode), [items, tagMode]);

  return {
    data: list.data,
    rows,
    isLoading: list.isFetching,
    page,
    setPage,
    search,
    applySearch: (next: ChannelSearch) => {
      setSearch(next);
      setPage(1);
    },
    refresh: () => void list.refetch(),
  };
}
