import { useQueryClient } from '@tanstack/react-query';
import type { ChannelView } from '@tollgate/contracts';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchChannel } from '../api';
import { channelKeys } from '../query-keys';

/** Loads the stored channel a copy starts from; null (after saying so) when that fails. */
export function useCopyChannel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [loadingId, setLoadingId] = useState<number | null>(null);

  const load = async (id: number): Promise<ChannelView | null> => {
    setLoadingId(id);
    try {
      return await queryClient.fetchQuery({
        queryKey: channelKeys.detail(id),
        queryFn: () => fetchChannel(id),
        staleTime: 0,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : '';
      void message.error(
        reason ? t('channels.messages.copyFailedWith', { reason }) : t('channels.messages.copyFailed'),
      );
      return null;
    } finally {
      setLoadingId(null);
    }
  };

  return { load, loadingId };
}
