import { Inject, Injectable } from '@nestjs/common';
import { type MessageFormat } from '@tollgate/contracts';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { type PageWindow } from '../../common/http/pagination';
import { likeContains } from '../../infra/database/sql-helpers';
import { MessageRecipientEntity } from './message-recipient.entity';
import { MessageEntity } from './message.entity';

export type NewMessage = Omit<MessageEntity, 'id' | 'recipientCount'>;
export type MessageChanges = Pick<MessageEntity, 'title' | 'content' | 'format' | 'updatedAt'>;

/** Who a new message goes to: chosen users, or every user that exists when it is sent. */
export type Audience = { kind: 'users'; ids: number[] } | { kind: 'everyone' };

export interface MessageFilter {
  keyword?: string;
  from?: number;
  to?: number;
}

/** A message as one recipient holds it. */
export interface InboxRow {
  id: number;
  title: string;
  content: string;
  format: MessageFormat;
  createdAt: number;
  readAt: number;
}

export interface RecipientRow {
  userId: number;
  username: string;
  displayName: string;
  readAt: number;
}

/** All SQL of messages and their recipients. */
@Injectable()
export class MessagesRepository {
  private readonly messages: Repository<MessageEntity>;
  private readonly recipients: Repository<MessageRecipientEntity>;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.messages = dataSource.getRepository(MessageEntity);
    this.recipients = dataSource.getRepository(MessageRecipientEntity);
  }

  /**
   * Stores the message and one recipient row per addressed user in one transaction, the rows written by a
   * single INSERT … SELECT from `users` (a broadcast to 100,000 users is one statement, no rows travel).
   * `check` sees how many rows were written and may throw to roll everything back.
   */
  async create(
    message: NewMessage,
    audience: Audience,
    check: (delivered: number) => void,
  ): Promise<MessageEntity> {
    return this.dataSource.transaction(async (manager) => {
      const saved = await manager.getRepository(MessageEntity).save({ ...message, recipientCount: 0 });
      const delivered = await this.addRecipients(manager, saved.id, audience);
      check(delivered);
      await manager.getRepository(MessageEntity).update({ id: saved.id }, { recipientCount: delivered });
      return { ...saved, recipientCount: delivered };
    });
  }

  private async addRecipients(
    manager: EntityManager,
    messageId: number,
    audience: Audience,
  ): Promise<number> {
    // Soft-deleted users receive nothing; users created later are not in this SELECT, so never see it.
    const users = manager
      .createQueryBuilder()
      .select('u.id')
      .addSelect(String(messageId))
      .from('users', 'u')
      .where('u.deleted_at IS NULL');
    if (audience.kind === 'users') users.andWhere('u.id IN (:...ids)', { ids: audience.ids });
    const [select, parameters] = users.getQueryAndParameters();
    const runner = manager.queryRunner;
    if (!runner) throw new Error('recipients are written inside the message transaction');
    const result = await runner.query(
      `INSERT INTO "message_recipients" ("user_id", "message_id") ${select}`,
      parameters,
      true,
    );
    return result.affected ?? 0;
  }

  /** Newest first; the keyword matches the title or the content (any case), the range the sending time. */
  listPage(window: PageWindow, filter: MessageFilter = {}): Promise<[MessageEntity[], number]> {
    const query = this.messages.createQueryBuilder('m').orderBy('m.id', 'DESC');
    if (filter.keyword) {
      query.andWhere(
        "(LOWER(m.title) LIKE :pattern ESCAPE '\\' OR LOWER(m.content) LIKE :pattern ESCAPE '\\')",
        {
          pattern: likeContains(filter.keyword),
        },
      );
    }
    if (filter.from) query.andWhere('m.created_at >= :from', { from: filter.from });
    if (filter.to) query.andWhere('m.created_at <= :to', { to: filter.to });
    return query.skip(window.offset).take(window.limit).getManyAndCount();
  }

  findById(id: number): Promise<MessageEntity | null> {
    return this.messages.findOne({ where: { id } });
  }

  async update(id: number, changes: MessageChanges): Promise<boolean> {
    return ((await this.messages.update({ id }, changes)).affected ?? 0) > 0;
  }

  /** The message and its recipient rows go together. */
  async delete(id: number): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.getRepository(MessageRecipientEntity).delete({ messageId: id });
      return ((await manager.getRepository(MessageEntity).delete({ id })).affected ?? 0) > 0;
    });
  }

  /** A message's recipients by user id, with their names (soft-deleted users included: they received it). */
  async recipientsPage(messageId: number, window: PageWindow): Promise<[RecipientRow[], number]> {
    const rows = await this.recipients
      .createQueryBuilder('r')
      .innerJoin('users', 'u', 'u.id = r.user_id')
      .select('r.user_id', 'userId')
      .addSelect('u.username', 'username')
      .addSelect('u.display_name', 'displayName')
      .addSelect('r.read_at', 'readAt')
      .where('r.message_id = :messageId', { messageId })
      .orderBy('r.user_id', 'ASC')
      .offset(window.offset)
      .limit(window.limit)
      .getRawMany<{
        userId: number | string;
        username: string;
        displayName: string;
        readAt: number | string;
      }>();
    const total = await this.recipients.count({ where: { messageId } });
    const items = rows.map((row) => ({
      userId: Number(row.userId),
      username: row.username,
      displayName: row.displayName,
      readAt: Number(row.readAt),
    }));
    return [items, total];
  }

  /** The user's own messages, newest first (the primary key's order). */
  async inboxPage(userId: number, window: PageWindow): Promise<[InboxRow[], number]> {
    const rows = await this.inboxQuery(userId)
      .orderBy('r.message_id', 'DESC')
      .offset(window.offset)
      .limit(window.limit)
      .getRawMany<RawInboxRow>();
    const total = await this.recipients.count({ where: { userId } });
    return [rows.map(toInboxRow), total];
  }

  async findInInbox(userId: number, messageId: number): Promise<InboxRow | null> {
    const row = await this.inboxQuery(userId)
      .andWhere('r.message_id = :messageId', { messageId })
      .getRawOne<RawInboxRow>();
    return row ? toInboxRow(row) : null;
  }

  /** Marks the user's copy read unless it already is; false when nothing changed. */
  async markRead(userId: number, messageId: number, readAt: number): Promise<boolean> {
    const result = await this.recipients.update({ userId, messageId, readAt: 0 }, { readAt });
    return (result.affected ?? 0) > 0;
  }

  /** Served by the partial index of unread rows: `read_at = 0` is written out so both planners can match it. */
  countUnread(userId: number): Promise<number> {
    return this.recipients
      .createQueryBuilder('r')
      .where('r.user_id = :userId AND r.read_at = 0', { userId })
      .getCount();
  }

  private inboxQuery(userId: number) {
    return this.recipients
      .createQueryBuilder('r')
      .innerJoin(MessageEntity, 'm', 'm.id = r.message_id')
      .select('m.id', 'id')
      .addSelect('m.title', 'title')
      .addSelect('m.content', 'content')
      .addSelect('m.format', 'format')
      .addSelect('m.created_at', 'createdAt')
      .addSelect('r.read_at', 'readAt')
      .where('r.user_id = :userId', { userId });
  }
}

interface RawInboxRow {
  id: number | string;
  title: string;
  content: string;
  format: MessageFormat;
  createdAt: number | string;
  readAt: number | string;
}

// PostgreSQL answers bigint columns of raw selects as text.
const toInboxRow = (row: RawInboxRow): InboxRow => ({
  id: Number(row.id),
  title: row.title,
  content: row.content,
  format: row.format,
  createdAt: Number(row.createdAt),
  readAt: Number(row.readAt),
});
