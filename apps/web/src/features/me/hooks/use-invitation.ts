import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selfQuery } from '../../../shared/session/api';
import { fetchAffCode, transferAffQuota } from '../api';

/** The invite link and moving invite earnings into the balance. */
export function useInvitation(enabled: boolean) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['aff-code'], queryFn: fetchAffCode, enabled, staleTime: Infinity });

  useEffect(() => {
    if (query.error) void message.error(query.error.message);
  }, [query.error, message]);

  const transfer = useMutation({
    mutationFn: (quota: number) => transferAffQuota({ quota }),
    onSuccess: async () => {
      void message.success(t('me.invitation.transferred'));
      await queryClient.invalidateQueries({ queryKey: selfQuery.queryKey });
    },
    onError: (error) => void message.error(error.message),
  });

  const link = query.data ? `${window.location.origin}/register?aff=${encodeURIComponent(query.data)}` : '';
  return {
    link,
    isLoading: query.isLoading,
    transfer: (quota: number, onDone: () => void) => transfer.mutate(quota, { onSuccess: onDone }),
    isTransferring: transfer.isPending,
  };
}
