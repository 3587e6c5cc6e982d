import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchInboxMessage, markMessageRead } from '../api';
import { INBOX_KEY } from '../../../shared/inbox-badge/use-unread-count';

/**
 * One of the user's messages, marked read once it is on screen; the inbox pages and the badge reload.
 * A message that cannot be shown (not the user's, deleted, not an id) is 消息不存在 and `onMissing` leads back.
 */
export function useInboxMessage(id: number, onMissing: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [...INBOX_KEY, 'message', id],
    queryFn: () => fetchInboxMessage(id),
    enabled: valid,
    retry: false,
  });
  const missing = !valid || query.error !== null;
  const unread = query.data !== undefined && !query.data.is_read;

  useEffect(() => {
    if (!missing) return;
    void message.error(t('messages.inbox.notFound'));
    onMissing();
  }, [missing, message, t, onMissing]);

  useEffect(() => {
    if (!unread) return;
    markMessageRead(id)
      .then(() => queryClient.invalidateQueries({ queryKey: INBOX_KEY }))
      .catch((error: Error) => void message.error(error.message));
  }, [unread, id, queryClient, message]);

  return query;
}
