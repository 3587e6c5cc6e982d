import { type AdminMessage, type InboxMessage, type MessageRecipient } from '@tollgate/contracts';
import { type MessageEntity } from './message.entity';
import { type InboxRow, type RecipientRow } from './messages.repository';

export const toAdminMessage = (message: MessageEntity): AdminMessage => ({
  id: message.id,
  title: message.title,
  content: message.content,
  format: message.format,
  author_id: message.authorId,
  created_at: message.createdAt,
  updated_at: message.updatedAt,
  stats: { total_recipients: message.recipientCount },
});

export const toInboxMessage = (row: InboxRow): InboxMessage => ({
  id: row.id,
  title: row.title,
  content: row.content,
  format: row.format,
  created_at: row.createdAt,
  read_at: row.readAt,
  is_read: row.readAt > 0,
});

export const toMessageRecipient = (row: RecipientRow): MessageRecipient => ({
  user_id: row.userId,
  username: row.username,
  display_name: row.displayName,
  read_at: row.readAt,
});
