import { useState } from 'react';
import { StorageKey, readFlag, readStatus } from '../../../lib/storage';

/** The starting state comes from the site default (spec: default_collapse_sidebar); toggles last for the visit. */
export function useSiderCollapsed(): { collapsed: boolean; toggle: () => void } {
  const [collapsed, setCollapsed] = useState(
    () => readFlag(StorageKey.DefaultCollapseSidebar) ?? readStatus()?.default_collapse_sidebar ?? false,
  );
  return { collapsed, toggle: () => setCollapsed((value) => !value) };
}
