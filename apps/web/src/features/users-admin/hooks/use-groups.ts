import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { fetchGroups } from '../api';

/** Group names for the search filter and the edit drawer. */
export function useGroups() {
  const { message } = App.useApp();
  const query = useQuery({ queryKey: ['groups'], queryFn: fetchGroups, staleTime: 60_000 });

  useEffect(() => {
    if (query.error) void message.error(query.error.message);
  }, [query.error, message]);

  return {
    data: query.data,
    options: (query.data ?? []).map((group) => ({ value: group, label: group })),
    isLoading: query.isLoading,
  };
}
