import { useQuery } from '@tanstack/react-query';
import { UNREAD_POLL_MS, type UnreadCount } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

/** Every inbox query (list pages, one message, the unread count) lives under this key. */
export const INBOX_KEY = ['inbox'] as const;
const UNREAD_COUNT_KEY = [...INBOX_KEY, 'unread-count'] as const;

const fetchUnreadCount = async (): Promise<number> =>
  (await apiClient.get<UnreadCount>('/api/user/messages/unread_count')).unread_count;

/** The signed-in user's unread messages, asked again every 30 s (spec 001 §7) while the console is open. */
export function useUnreadCount() {
  return useQuery({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: fetchUnreadCount,
    refetchInterval: UNREAD_POLL_MS,
    // A failed poll keeps the last count; the next poll tries again.
    retry: false,
  });
}
