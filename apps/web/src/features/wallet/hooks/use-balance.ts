import { useQuery } from '@tanstack/react-query';
import type { SelfUser } from '@tollgate/contracts';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selfQuery } from '../../../shared/session/api';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { walletErrorMessage } from '../wallet-error';

/** The user's balance fresh from the server; the stored copy until it answers. */
export function useBalance(): { data: SelfUser | null; isLoading: boolean } {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const stored = useCurrentUser();
  const query = useQuery({ ...selfQuery, staleTime: 0 });

  useEffect(() => {
    if (query.error) void message.error(walletErrorMessage(query.error, t));
  }, [query.error, message, t]);

  return { data: query.data ?? stored, isLoading: query.isLoading };
}
