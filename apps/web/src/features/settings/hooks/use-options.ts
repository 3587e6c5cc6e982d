import { queryOptions, useQuery } from '@tanstack/react-query';
import { listOptions } from '../api';
import { storedOptions } from '../option-values';

export const optionsQuery = queryOptions({
  queryKey: ['options'],
  queryFn: async () => storedOptions(await listOptions()),
});

/** Every option as the server holds it (administrators only). */
export function useOptions() {
  return useQuery(optionsQuery);
}
