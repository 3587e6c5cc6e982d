/** How a message's content is written and rendered (spec 001 §3 Message). */
export const MessageFormat = {
  Markdown: 'markdown',
  Html: 'html',
} as const;
export type MessageFormat = (typeof MessageFormat)[keyof typeof MessageFormat];
export const MESSAGE_FORMATS: readonly MessageFormat[] = [MessageFormat.Markdown, MessageFormat.Html];

export const MESSAGE_TITLE_MAX_LENGTH = 200;
export const MESSAGE_CONTENT_MAX_LENGTH = 50_000;
/** Recipients one create call may name; everybody at once is `all_users`. */
export const MESSAGE_RECIPIENTS_MAX = 10_000;

/** Spec 001 §9: the inbox preview is cut at 100 characters (97 plus dots); the badge shows 99+ above 99. */
export const INBOX_PREVIEW_LENGTH = 97;
export const UNREAD_BADGE_MAX = 99;
export const UNREAD_POLL_MS = 30_000;
/** Spec 001 §7: the recipient picker pages users 20 at a time. */
export const RECIPIENT_PICKER_PAGE_SIZE = 20;

/** A message as administrators see it (GET /api/admin/messages…). */
export interface AdminMessage {
  id: number;
  title: string;
  content: string;
  format: MessageFormat;
  author_id: number;
  /** Epoch seconds. */
  created_at: number;
  updated_at: number;
  stats: { total_recipients: number };
}

/** A message in a user's inbox (GET /api/user/messages…). */
export interface InboxMessage {
  id: number;
  title: string;
  content: string;
  format: MessageFormat;
  created_at: number;
  /** Epoch seconds; 0 while unread. */
  read_at: number;
  is_read: boolean;
}

/** One recipient of a message (GET /api/admin/messages/{id}/recipients). */
export interface MessageRecipient {
  user_id: number;
  username: string;
  display_name: string;
  /** Epoch seconds; 0 while unread. */
  read_at: number;
}

/** POST /api/admin/messages: `user_ids`, or `all_users` to address every user that exists now. */
export interface CreateMessageRequest {
  title: string;
  content: string;
  format: MessageFormat;
  user_ids?: number[];
  all_users?: boolean;
}

/** PUT /api/admin/messages/{id}. */
export interface UpdateMessageRequest {
  title: string;
  content: string;
  format: MessageFormat;
}

export interface UnreadCount {
  unread_count: number;
}

export interface MarkReadResult {
  read_at: number;
}
