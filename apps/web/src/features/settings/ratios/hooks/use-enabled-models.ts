import { useQuery } from '@tanstack/react-query';
import { fetchEnabledModels } from '../api';

/** Models some enabled channel serves, for the models-without-a-ratio view. */
export function useEnabledModels() {
  const query = useQuery({ queryKey: ['settings', 'models-enabled'], queryFn: fetchEnabledModels });
  return {
    data: query.data,
    isLoading: query.isFetching,
    error: query.error,
    reload: () => void query.refetch(),
  };
}
