import type { Page } from '@tollgate/contracts';
import { apiClient } from '../lib/api-client';
import type { ListFilters } from './hooks/use-paged-list';

/**
 * One page of a list: the plain call (`path`), or its search twin (`path` + `search`) once any filter is
 * set; filters left empty are not sent.
 */
export function fetchListPage<T>(
  path: string,
  paging: Record<string, number>,
  filters: ListFilters,
): Promise<Page<T>> {
  const set = Object.entries(filters).filter(([, value]) => value !== '');
  if (set.length === 0) return apiClient.get<Page<T>>(path, paging);
  return apiClient.get<Page<T>>(`${path}search`, { ...paging, ...Object.fromEntries(set) });
}
