import { useEffect, useSyncExternalStore } from 'react';

// The name of the screen on show, for the browser tab ("page name · system name").
let current = '';
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(name: string): void {
  current = name;
  listeners.forEach((listener) => listener());
}

/** A screen names itself in the tab title while it is shown. */
export function usePageTitle(name: string): void {
  useEffect(() => {
    set(name);
    return () => {
      if (current === name) set('');
    };
  }, [name]);
}

/** The name of the screen on show ('' when it has none). */
export function useCurrentPageTitle(): string {
  return useSyncExternalStore(subscribe, () => current);
}
