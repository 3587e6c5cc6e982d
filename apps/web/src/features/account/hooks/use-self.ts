import { useQuery } from '@tanstack/react-query';
import type { SelfUser } from '@tollgate/contracts';
import { App } from 'antd';
import { useEffect } from 'react';
import { writeUser } from '../../../lib/storage';
import { useCurrentUser } from '../../auth/hooks/use-current-user';
import { fetchSelf } from '../api';

/** The signed-in user fresh from the server (quota moves with every call); the stored copy meanwhile. */
export function useSelf(): { data: SelfUser | null; isLoading: boolean } {
  const { message } = App.useApp();
  const stored = useCurrentUser();
  const query = useQuery({
    queryKey: ['self'],
    queryFn: async () => {
      const user = await fetchSelf();
      writeUser(user);
      return user;
    },
    enabled: stored !== null,
  });

  useEffect(() => {
    if (query.error) void message.error(query.error.message);
  }, [query.error, message]);

  return { data: query.data ?? stored, isLoading: query.isLoading };
}
