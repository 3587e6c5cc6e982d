import { useState } from 'react';
import { StorageKey, readFlag, readStatus, writeFlag } from '../../../lib/storage';

/**
 * Folded or not: the user's last choice, kept in `default_collapse_sidebar` (spec §9), else the site's
 * default from the status object.
 */
export function useSiderCollapsed(): { collapsed: boolean; toggle: () => void } {
  const [collapsed, setCollapsed] = useState(
    () => readFlag(StorageKey.DefaultCollapseSidebar) ?? readStatus()?.default_collapse_sidebar ?? false,
  );
  const toggle = (): void => {
    writeFlag(StorageKey.DefaultCollapseSidebar, !collapsed);
    setCollapsed(!collapsed);
  };
  return { collapsed, toggle };
}
