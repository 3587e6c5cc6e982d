import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useErrorMessage } from './use-error-message';

/**
 * The record an edit drawer shows, always read from the server (the list row may be stale); kept under
 * the list's key so a write that reloads the list reloads it too. `id` null: nothing to load.
 */
export function useFreshRecord<T>(
  listKey: QueryKey,
  id: number | null,
  fetchOne: (id: number) => Promise<T>,
) {
  const query = useQuery({
    queryKey: [...listKey, 'one', id],
    queryFn: () => fetchOne(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
  });
  useErrorMessage(query.error);
  return { data: id !== null ? query.data : undefined, isLoading: id !== null && query.isFetching };
}
