import { queryOptions } from '@tanstack/react-query';
import type { SelfUser } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';
import { writeUser } from '../../lib/storage';

export function fetchSelf(): Promise<SelfUser> {
  return apiClient.get<SelfUser>('/api/user/self');
}

/** The signed-in user fresh from the server (quota moves with every call); refreshes the stored copy too. */
export const selfQuery = queryOptions({
  queryKey: ['self'],
  queryFn: async () => {
    const user = await fetchSelf();
    writeUser(user);
    return user;
  },
});

export function logout(): Promise<void> {
  return apiClient.get<void>('/api/user/logout');
}
