import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format-quota';
import { selfQuery } from '../../../shared/session/api';
import { useStatus } from '../../../shared/status/use-status';
import { checkIn, fetchCheckInStatus } from '../api';

const CHECK_IN_KEY = ['check-in-status'] as const;

/** Daily check-in: available, or done today (spec §4); the reward lands in the balance. */
export function useCheckIn(enabled: boolean) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: CHECK_IN_KEY, queryFn: fetchCheckInStatus, enabled, staleTime: 0 });

  useEffect(() => {
    if (query.error) void message.error(query.error.message);
  }, [query.error, message]);

  const mutation = useMutation({
    mutationFn: checkIn,
    onSuccess: async ({ quota }) => {
      void message.success(t('me.checkIn.success', { quota: formatQuota(quota, status) }));
      queryClient.setQueryData(CHECK_IN_KEY, { can_check_in: false });
      await queryClient.invalidateQueries({ queryKey: selfQuery.queryKey });
    },
    onError: (error) => void message.error(error.message),
  });

  return {
    data: query.data,
    isLoading: query.isLoading,
    reward: mutation.data?.quota,
    checkIn: () => mutation.mutate(),
    isCheckingIn: mutation.isPending,
  };
}
