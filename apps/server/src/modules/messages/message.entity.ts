import { type MessageFormat } from '@tollgate/contracts';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../../infra/database/columns';

/** An inbox message (spec 001 §3 Message); who received it is in `message_recipients`. */
@Entity('messages')
export class MessageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'varchar', length: 16, default: 'markdown' })
  format: MessageFormat;

  /** The administrator who sent it. */
  @Column({ name: 'author_id', type: 'integer' })
  authorId: number;

  /** Fixed when sent (recipients never change afterwards), so the admin list counts nothing. */
  @Column({ name: 'recipient_count', type: 'integer', default: 0 })
  recipientCount: number;

  // The admin search's date range reads only the messages sent inside it.
  @Index('idx_messages_created_at')
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintAsNumber })
  updatedAt: number;
}
