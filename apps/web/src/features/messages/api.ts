import type {
  AdminMessage,
  AdminUser,
  CreateMessageRequest,
  InboxMessage,
  MarkReadResult,
  MessageRecipient,
  Page,
  UpdateMessageRequest,
} from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

// The user's own inbox.

export function listInbox(page: number, pageSize: number): Promise<Page<InboxMessage>> {
  return apiClient.get<Page<InboxMessage>>('/api/user/messages', { p: page, page_size: pageSize });
}

export function fetchInboxMessage(id: number): Promise<InboxMessage> {
  return apiClient.get<InboxMessage>(`/api/user/messages/${id}`);
}

export function markMessageRead(id: number): Promise<MarkReadResult> {
  return apiClient.put<MarkReadResult>(`/api/user/messages/${id}/read`);
}

// Administrators' messages.

export interface MessageListQuery {
  page: number;
  pageSize: number;
  keyword: string;
  /** Epoch seconds as text; '' = not filtered. */
  start_date: string;
  end_date: string;
}

/** The plain list, or the search call when a keyword or a date range is given. */
export function listAdminMessages({
  page,
  pageSize,
  ...filters
}: MessageListQuery): Promise<Page<AdminMessage>> {
  const paging = { p: page, page_size: pageSize };
  const set = Object.entries(filters).filter(([, value]) => value !== '');
  if (set.length === 0) return apiClient.get<Page<AdminMessage>>('/api/admin/messages', paging);
  return apiClient.get<Page<AdminMessage>>('/api/admin/messages/search', {
    ...paging,
    ...Object.fromEntries(set),
  });
}

export function fetchAdminMessage(id: number): Promise<AdminMessage> {
  return apiClient.get<AdminMessage>(`/api/admin/messages/${id}`);
}

export function createMessage(body: CreateMessageRequest): Promise<AdminMessage> {
  return apiClient.post<AdminMessage>('/api/admin/messages', body);
}

export function updateMessage(id: number, body: UpdateMessageRequest): Promise<AdminMessage> {
  return apiClient.put<AdminMessage>(`/api/admin/messages/${id}`, body);
}

export function deleteMessage(id: number): Promise<void> {
  return apiClient.delete<void>(`/api/admin/messages/${id}`);
}

export function listRecipients(id: number, page: number, pageSize: number): Promise<Page<MessageRecipient>> {
  return apiClient.get<Page<MessageRecipient>>(`/api/admin/messages/${id}/recipients`, {
    p: page,
    page_size: pageSize,
  });
}

/** The recipient picker's page of users (spec 001 §7: `/api/user/search`, 20 per page). */
export function searchUsers(keyword: string, page: number, pageSize: number): Promise<Page<AdminUser>> {
  return apiClient.get<Page<AdminUser>>('/api/user/search', { keyword, p: page, page_size: pageSize });
}
