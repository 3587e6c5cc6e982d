import type { QueryClient } from '@tanstack/react-query';
import { statusQuery } from '../status/api';

/** Drops everything cached for the previous user; the public status stays. */
export function resetUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== statusQuery.queryKey[0] });
}
