import { useSyncExternalStore } from 'react';

/** Spec §9: mobile width is at most 600 px. */
const MOBILE_QUERY = '(max-width: 600px)';

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(MOBILE_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

const snapshot = () => window.matchMedia(MOBILE_QUERY).matches;

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot);
}
