import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { selfQuery } from '../../../shared/session/api';
import { TOP_UP_ORDERS_KEY } from './use-top-up-orders';

/**
 * The gateway opens in another tab and credits the balance from there: coming back to this one reloads the
 * balance and the orders (the app does not refetch on focus by default).
 */
export function useRefreshOnReturn(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      void queryClient.invalidateQueries({ queryKey: selfQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: TOP_UP_ORDERS_KEY });
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [queryClient]);
}
