import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchChannel } from '../api';
import { channelKeys } from '../query-keys';

const isChannelId = (id: number): boolean => Number.isInteger(id) && id > 0;

/** One stored channel for the edit drawer (id null: nothing to load); `failed` once it cannot be shown. */
export function useChannelDetail(id: number | null) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const valid = id !== null && isChannelId(id);
  const query = useQuery({
    queryKey: channelKeys.detail(id ?? 0),
    queryFn: () => fetchChannel(id ?? 0),
    enabled: valid,
    // Always the stored state: another administrator may have changed it since the list loaded.
    staleTime: 0,
  });
  const malformed = id !== null && !valid;

  useEffect(() => {
    // The server answers 渠道未找到，请刷新页面后重试 for an unknown id; an address like /channel/edit/abc
    // never reaches it.
    if (query.error) void message.error(query.error.message);
    else if (malformed) void message.error(t('channels.messages.notFound'));
  }, [query.error, malformed, message, t]);

  return { data: query.data, isLoading: query.isLoading, failed: malformed || query.error !== null };
}
