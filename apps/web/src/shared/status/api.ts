import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { StatusObject } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';
import { readStatus, writeStatus } from '../../lib/storage';

export function fetchStatus(): Promise<StatusObject> {
  return apiClient.get<StatusObject>('/api/status');
}

export const statusQuery = queryOptions({
  queryKey: ['status'],
  queryFn: async () => {
    const status = await fetchStatus();
    writeStatus(status);
    return status;
  },
  staleTime: 5 * 60_000,
});

/** For route guards: the server's status, or the cached copy while the server cannot answer. */
export async function loadStatus(queryClient: QueryClient): Promise<StatusObject | null> {
  try {
    return await queryClient.ensureQueryData({ ...statusQuery, revalidateIfStale: true });
  } catch {
    return readStatus();
  }
}
