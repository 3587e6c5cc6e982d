import type { SelfUser } from '@tollgate/contracts';
import { useMemo, useSyncExternalStore } from 'react';
import { StorageKey, parseUser, readRaw, subscribeStorage } from '../../lib/storage';

const subscribe = (listener: () => void) => subscribeStorage(StorageKey.User, listener);
const snapshot = () => readRaw(StorageKey.User);

/** The signed-in user as stored in local storage `user`; re-renders on login, logout and 401. */
export function useCurrentUser(): SelfUser | null {
  const raw = useSyncExternalStore(subscribe, snapshot);
  return useMemo(() => parseUser(raw), [raw]);
}
