import { useQuery } from '@tanstack/react-query';
import type { ModelPricing } from '@tollgate/contracts';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { fetchPricing } from '../api';

const DEFAULT_GROUP = 'default';

/** The price list, the group whose prices are shown (the user's own at first) and the search box's filter. */
export function usePricing() {
  const user = useCurrentUser();
  const query = useQuery({ queryKey: ['pricing', user?.id ?? null], queryFn: fetchPricing });
  const ownGroup = user?.group || DEFAULT_GROUP;
  const [chosenGroup, setGroup] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const group = chosenGroup ?? ownGroup;
  const groupRatio = query.data?.group_ratio[group] ?? 1;

  const models = useMemo<ModelPricing[]>(() => {
    const needle = keyword.trim().toLowerCase();
    const all = query.data?.data ?? [];
    return needle ? all.filter((model) => model.model_name.toLowerCase().includes(needle)) : all;
  }, [query.data, keyword]);

  return {
    models,
    usableGroups: query.data?.usable_group ?? {},
    groupRatios: query.data?.group_ratio ?? {},
    isLoading: query.isLoading,
    error: query.error,
    retry: () => void query.refetch(),
    signedIn: user !== null,
    ownGroup,
    ownRatio: query.data?.group_ratio[ownGroup] ?? 1,
    group,
    groupRatio,
    setGroup,
    keyword,
    setKeyword,
  };
}
