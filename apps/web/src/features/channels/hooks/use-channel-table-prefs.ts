import { useCallback, useState } from 'react';
import { useStoredPageSize } from '../../../lib/use-stored-page-size';
import {
  CHANNEL_TABLE,
  ChannelPrefKey,
  type ColumnVisibility,
  readColumnVisibility,
  readFlagPref,
  writeColumnVisibility,
  writeFlagPref,
} from '../channel-table-prefs';

/** The channel table's remembered choices (spec §9), each written back when it changes. */
export function useChannelTablePrefs() {
  const [pageSize, setPageSize] = useStoredPageSize(CHANNEL_TABLE);
  const [tagMode, setTagModeState] = useState(() => readFlagPref(ChannelPrefKey.TagMode));
  const [idSort, setIdSortState] = useState(() => readFlagPref(ChannelPrefKey.IdSort));
  const [columns, setColumnsState] = useState(readColumnVisibility);

  const setTagMode = useCallback((value: boolean) => {
    setTagModeState(value);
    writeFlagPref(ChannelPrefKey.TagMode, value);
  }, []);
  const setIdSort = useCallback((value: boolean) => {
    setIdSortState(value);
    writeFlagPref(ChannelPrefKey.IdSort, value);
  }, []);
  const setColumns = useCallback((value: ColumnVisibility) => {
    setColumnsState(value);
    writeColumnVisibility(value);
  }, []);

  return { pageSize, setPageSize, tagMode, setTagMode, idSort, setIdSort, columns, setColumns };
}
