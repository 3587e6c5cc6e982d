import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { fetchAmountPayable } from '../api';

// Typing 100 asks once, not for 1, 10 and 100.
const SETTLE_MS = 300;

/** The amount payable for the amount typed, asked once typing settles; a refusal reads 错误：<reason>. */
export function useAmountPayable(amount: number, enabled: boolean) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [settled, setSettled] = useState(amount);

  useEffect(() => {
    const timer = setTimeout(() => setSettled(amount), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [amount]);

  const query = useQuery({
    queryKey: ['top-up', 'amount-payable', settled],
    queryFn: () => fetchAmountPayable(settled),
    enabled,
    retry: false,
  });

  useEffect(() => {
    if (!query.error) return;
    const failed = query.error instanceof ApiError && query.error.kind === 'business';
    void message.error(
      failed ? t('wallet.topUp.amountError', { reason: query.error.message }) : t('wallet.requestFailed'),
    );
  }, [query.error, message, t]);

  const current = settled === amount && !query.isError ? query.data : undefined;
  return { payable: current, isLoading: enabled && (settled !== amount || query.isFetching) };
}
