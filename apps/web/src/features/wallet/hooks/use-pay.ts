import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { requestPayment } from '../api';
import { opensInSameTab, submitEpayForm } from '../epay-form';
import { TOP_UP_ORDERS_KEY } from './use-top-up-orders';

/** Records the order and sends the browser to the gateway with its signed form (spec 001 §4). */
export function usePay(onSent: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: ({ amount, method }: { amount: number; method: PaymentMethod }) =>
      requestPayment(amount, method),
    onSuccess: async (answer) => {
      submitEpayForm(answer.url, answer.data, opensInSameTab(navigator.userAgent));
      onSent();
      await queryClient.invalidateQueries({ queryKey: TOP_UP_ORDERS_KEY });
    },
    // The server's refusal says why; anything else (no answer) is the spec's 支付请求失败.
    onError: (error) =>
      void message.error(
        error instanceof ApiError && error.kind === 'business' ? error.message : t('wallet.topUp.payFailed'),
      ),
  });

  return { pay: mutation.mutate, isPaying: mutation.isPending };
}
