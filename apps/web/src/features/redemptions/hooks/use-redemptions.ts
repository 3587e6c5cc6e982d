import type { Redemption } from '@tollgate/contracts';
import { usePagedList } from '../../../shared/hooks/use-paged-list';
import { listRedemptions } from '../api';

export const REDEMPTIONS_KEY = ['redemptions'] as const;

export interface RedemptionFilters {
  keyword: string;
}

const NO_FILTERS: RedemptionFilters = { keyword: '' };

/** Redemption codes, one server page at a time, optionally searched by id or name. */
export function useRedemptions() {
  return usePagedList<Redemption, RedemptionFilters>({
    table: 'redemptions',
    listKey: REDEMPTIONS_KEY,
    noFilters: NO_FILTERS,
    fetchPage: listRedemptions,
  });
}
