import { useQuery } from '@tanstack/react-query';
import { useErrorMessage } from '../../../shared/hooks/use-error-message';
import { fetchGroups } from '../api';

/** Group names for the search filter and the edit drawer. */
export function useGroups() {
  const query = useQuery({ queryKey: ['groups'], queryFn: fetchGroups, staleTime: 60_000 });
  useErrorMessage(query.error);

  return {
    data: query.data,
    options: (query.data ?? []).map((group) => ({ value: group, label: group })),
    isLoading: query.isLoading,
  };
}
