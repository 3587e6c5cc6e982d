import { useQuery } from '@tanstack/react-query';
import type { SelfUser } from '@tollgate/contracts';
import { App } from 'antd';
import { useEffect } from 'react';
import { selfQuery } from '../../../shared/session/api';
import { useCurrentUser } from '../../../shared/session/use-current-user';

/** The signed-in user fresh from the server; the stored copy while it loads. */
export function useSelfUser(): { data: SelfUser | null; isLoading: boolean } {
  const { message } = App.useApp();
  const stored = useCurrentUser();
  const query = useQuery({ ...selfQuery, staleTime: 0, enabled: stored !== null });

  useEffect(() => {
    if (query.error) void message.error(query.error.message);
  }, [query.error, message]);

  return { data: query.data ?? stored, isLoading: query.isLoading };
}
