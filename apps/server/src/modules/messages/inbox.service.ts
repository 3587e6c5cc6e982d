import { Injectable } from '@nestjs/common';
import { type PageQueryDto, pageWindow } from '../../common/http/pagination';
import { nowSeconds } from '../../infra/database/columns';
import { messageError } from './messages.errors';
import { type InboxRow, MessagesRepository } from './messages.repository';

/** A user's own messages (spec 001 §7 Messages): someone else's message does not exist for them. */
@Injectable()
export class InboxService {
  constructor(private readonly messages: MessagesRepository) {}

  async page(userId: number, page: PageQueryDto): Promise<{ items: InboxRow[]; total: number }> {
    const [items, total] = await this.messages.inboxPage(userId, pageWindow(page));
    return { items, total };
  }

  async get(userId: number, messageId: number): Promise<InboxRow> {
    const row = await this.messages.findInInbox(userId, messageId);
    if (!row) throw messageError('message_not_found');
    return row;
  }

  /** Answers when it was read: now, or the first time when it already was. */
  async markRead(userId: number, messageId: number): Promise<number> {
    const now = nowSeconds();
    if (await this.messages.markRead(userId, messageId, now)) return now;
    return (await this.get(userId, messageId)).readAt;
  }

  unreadCount(userId: number): Promise<number> {
    return this.messages.countUnread(userId);
  }
}
