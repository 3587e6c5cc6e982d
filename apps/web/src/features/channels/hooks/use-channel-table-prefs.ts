import { useCallback, useState } from 'react';
import {
  ChannelPrefKey,
  type ColumnVisibility,
  readColumnVisibility,
  readFlagPref,
  writeColumnVisibility,
  writeFlagPref,
} from '../channel-table-prefs';

/** The channel table's remembered view (spec §9): tag mode, id sort and columns, each written back on change. */
export function useChannelTablePrefs() {
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

  return { tagMode, setTagMode, idSort, setIdSort, columns, setColumns };
}
