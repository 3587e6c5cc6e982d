import type { AdminMessage } from '@tollgate/contracts';
import { usePagedList } from '../../../shared/hooks/use-paged-list';
import { listAdminMessages } from '../api';

export const ADMIN_MESSAGES_KEY = ['admin-messages'] as const;

export interface MessageFilters {
  keyword: string;
  /** Epoch seconds as text; '' = any. */
  start_date: string;
  end_date: string;
}

export const NO_MESSAGE_FILTERS: MessageFilters = { keyword: '', start_date: '', end_date: '' };

/** Sent messages, one server page at a time, searched by keyword and sending dates. */
export function useAdminMessages() {
  return usePagedList<AdminMessage, MessageFilters>({
    table: 'admin-messages',
    listKey: ADMIN_MESSAGES_KEY,
    noFilters: NO_MESSAGE_FILTERS,
    fetchPage: listAdminMessages,
  });
}
