import { useCallback, useSyncExternalStore } from 'react';
import {
  StorageKey,
  readThemeMode,
  subscribeStorage,
  writeThemeMode,
  type ThemeMode,
} from '../../../lib/storage';

const subscribe = (listener: () => void) => subscribeStorage(StorageKey.ThemeMode, listener);

/** Light or dark, kept in local storage `theme-mode` so every tab follows the choice. */
export function useThemeMode(): { mode: ThemeMode; toggle: () => void } {
  const mode = useSyncExternalStore(subscribe, readThemeMode);
  const toggle = useCallback(() => writeThemeMode(readThemeMode() === 'dark' ? 'light' : 'dark'), []);
  return { mode, toggle };
}
