import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from '../../infra/database/columns';

/**
 * One user's copy of a message (spec 001 §3 Recipient). The primary key (user_id, message_id) is "my page":
 * a user's own rows, newest message first.
 */
@Entity('message_recipients')
// "My unread count", polled every 30 s by every console: only unread rows are in this index.
@Index('idx_message_recipients_unread', ['userId'], { where: '"read_at" = 0' })
// The recipients view, and deleting a message's rows, go by message.
@Index('idx_message_recipients_message', ['messageId', 'userId'])
export class MessageRecipientEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @PrimaryColumn({ name: 'message_id', type: 'integer' })
  messageId: number;

  /** Epoch seconds; 0 = unread. */
  @Column({ name: 'read_at', type: 'bigint', default: 0, transformer: bigintAsNumber })
  readAt: number;
}
