import type { Token } from '@tollgate/contracts';
import { usePagedList } from '../../../shared/hooks/use-paged-list';
import { listTokens } from '../api';

export const TOKENS_KEY = ['tokens'] as const;

export interface TokenFilters {
  keyword: string;
  token: string;
}

const NO_FILTERS: TokenFilters = { keyword: '', token: '' };

/** The signed-in user's tokens, one server page at a time, optionally filtered by name and key. */
export function useTokens() {
  return usePagedList<Token, TokenFilters>({
    table: 'tokens',
    listKey: TOKENS_KEY,
    noFilters: NO_FILTERS,
    fetchPage: listTokens,
  });
}
