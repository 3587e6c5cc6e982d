import { useCallback, useState } from 'react';
import { readLogColumns, writeLogColumns, type LogColumnVisibility } from '../log-columns';

/** The log table's columns as last chosen (local storage `logs-table-columns`), written back on change. */
export function useLogColumns(): [LogColumnVisibility, (value: LogColumnVisibility) => void] {
  const [columns, setColumnsState] = useState(readLogColumns);
  const setColumns = useCallback((value: LogColumnVisibility) => {
    setColumnsState(value);
    writeLogColumns(value);
  }, []);
  return [columns, setColumns];
}
