import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format-quota';
import { selfQuery } from '../../../shared/session/api';
import { useStatus } from '../../../shared/status/use-status';
import { redeemCode } from '../api';
import { walletErrorMessage } from '../wallet-error';

/** Redeems a code, says how much quota it brought and refreshes the balance. */
export function useRedeem(onRedeemed: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: redeemCode,
    onSuccess: async (result) => {
      void message.success(t('wallet.redeem.success', { quota: formatQuota(result.quota, status) }));
      onRedeemed();
      await queryClient.invalidateQueries({ queryKey: selfQuery.queryKey });
    },
    onError: (error) => void message.error(walletErrorMessage(error, t)),
  });

  const redeem = (code: string): void => {
    const key = code.trim();
    if (!key) {
      void message.error(t('wallet.redeem.empty'));
      return;
    }
    mutation.mutate(key);
  };

  return { redeem, isLoading: mutation.isPending };
}
