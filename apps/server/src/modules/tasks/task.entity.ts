import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../../infra/database/columns';

/** An async task (spec 001 §3 Async task, reference §7 `tasks`); times in epoch seconds. */
@Entity('tasks')
// The poller reads only unfinished tasks, oldest first: finished ones leave this index.
@Index('idx_tasks_unfinished', ['id'], { where: `"progress" <> '100%'` })
@Index('idx_tasks_user_submit', ['userId', 'submitTime', 'id'])
@Index('idx_tasks_channel_submit', ['channelId', 'submitTime', 'id'])
@Index('idx_tasks_submit', ['submitTime', 'id'])
export class TaskEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintAsNumber })
  updatedAt: number;

  /** The platform's id of the task; what clients fetch by. */
  @Index('idx_tasks_task_id')
  @Column({ name: 'task_id', type: 'varchar', length: 191 })
  taskId: string;

  @Column({ type: 'varchar', length: 30 })
  platform: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'channel_id', type: 'integer' })
  channelId: number;

  /** What the submission was charged; given back to the user once if the task fails. */
  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  quota: number;

  @Column({ type: 'varchar', length: 40 })
  action: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  status: string;

  @Column({ name: 'fail_reason', type: 'text', default: '' })
  failReason: string;

  @Column({ name: 'submit_time', type: 'bigint', transformer: bigintAsNumber })
  submitTime: number;

  @Column({ name: 'start_time', type: 'bigint', default: 0, transformer: bigintAsNumber })
  startTime: number;

  @Column({ name: 'finish_time', type: 'bigint', default: 0, transformer: bigintAsNumber })
  finishTime: number;

  /** "0%" … "100%"; "100%" = finished (the poller's index). */
  @Column({ type: 'varchar', length: 20, default: '0%' })
  progress: string;

  /** JSON: what was submitted ({ input }). */
  @Column({ type: 'text', default: '{}' })
  properties: string;

  /** JSON: the platform's last answer for the task. */
  @Column({ type: 'text', default: 'null' })
  data: string;

  /** The poll run that holds the task until `poll_until`: two workers never poll it at once. */
  @Column({ name: 'poll_claim', type: 'varchar', length: 36, default: '' })
  pollClaim: string;

  @Column({ name: 'poll_until', type: 'bigint', default: 0, transformer: bigintAsNumber })
  pollUntil: number;
}
