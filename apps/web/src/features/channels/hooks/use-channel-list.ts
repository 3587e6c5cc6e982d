import { usePagedList } from '../../../shared/hooks/use-paged-list';
import { fetchChannels } from '../api';
import { buildRows, type ChannelTableRow } from '../channel-rows';
import { CHANNEL_TABLE } from '../channel-table-prefs';
import { channelKeys } from '../query-keys';

export interface ChannelFilters {
  keyword: string;
  group: string;
  model: string;
}

const NO_FILTERS: ChannelFilters = { keyword: '', group: '', model: '' };

interface ChannelTableView {
  tagMode: boolean;
  idSort: boolean;
}

/** The channel table, one server page at a time, searched by the search bar; rows grouped by tag in tag mode. */
export function useChannelList({ tagMode, idSort }: ChannelTableView) {
  return usePagedList<ChannelTableRow, ChannelFilters>({
    table: CHANNEL_TABLE,
    listKey: channelKeys.list({ tagMode, idSort }),
    noFilters: NO_FILTERS,
    fetchPage: async ({ page, pageSize, keyword, group, model }) => {
      const answer = await fetchChannels({
        p: page,
        page_size: pageSize,
        id_sort: idSort,
        tag_mode: tagMode,
        keyword: keyword || undefined,
        group: group || undefined,
        model: model || undefined,
      });
      return { ...answer, items: buildRows(answer.items, tagMode) };
    },
  });
}
