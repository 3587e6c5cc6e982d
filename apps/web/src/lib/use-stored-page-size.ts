import { PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE } from '@tollgate/contracts';
import { useCallback, useState } from 'react';

const storageKey = (table: string): string => `${table}-page-size`;

function readPageSize(table: string): number {
  try {
    const stored = Number(window.localStorage.getItem(storageKey(table)));
    return (PAGE_SIZE_OPTIONS as readonly number[]).includes(stored) ? stored : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

/** A table's page size, remembered per table in local storage (spec §9: the chosen size is saved locally). */
export function useStoredPageSize(table: string): [number, (size: number) => void] {
  const [pageSize, setPageSize] = useState(() => readPageSize(table));
  const update = useCallback(
    (size: number) => {
      setPageSize(size);
      try {
        window.localStorage.setItem(storageKey(table), String(size));
      } catch {
        // storage full or disabled: the size still applies for this visit
      }
    },
    [table],
  );
  return [pageSize, update];
}
