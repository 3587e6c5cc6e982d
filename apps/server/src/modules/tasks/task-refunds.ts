import { Injectable, Logger } from '@nestjs/common';
import { LogType, TaskStatus } from '@tollgate/contracts';
import { LogsService } from '../logs/logs.service';
import { UsersService } from '../users/users.service';
import { modelOfTask } from './task-platforms';
import { type TaskEntity } from './task.entity';
import { type TaskChanges, TasksRepository } from './tasks.repository';

/**
 * A task's end in FAILURE: the status change and the refund commit together, and the status change is
 * conditional on the task being unfinished, so however many pollers see the failure, one refunds it (reference
 * §7: to the user's balance, not the token, with a system log row).
 */
@Injectable()
export class TaskRefunds {
  private readonly logger = new Logger(TaskRefunds.name);

  constructor(
    private readonly tasks: TasksRepository,
    private readonly users: UsersService,
    private readonly logs: LogsService,
  ) {}

  /** True when this call failed the task (and refunded it, if it was charged). */
  async fail(task: TaskEntity, changes: TaskChanges, reason: string, now: number): Promise<boolean> {
    const usernames = task.quota > 0 ? await this.users.usernames([task.userId]) : new Map<number, string>();
    const failed = await this.tasks.transaction(async (manager) => {
      const finished = {
        ...changes,
        status: TaskStatus.Failure,
        progress: '100%',
        failReason: reason,
        finishTime: changes.finishTime || now,
      };
      if (!(await this.tasks.update(task.id, finished, now, manager))) return false;
      if (task.quota <= 0) return true;
      await this.users.refundIn(manager, task.userId, task.quota);
      await this.logs.recordMany(
        [
          {
            type: LogType.System,
            createdAt: now,
            userId: task.userId,
            username: usernames.get(task.userId) ?? '',
            modelName: modelOfTask(task),
            channel: task.channelId,
            quota: task.quota,
            // Written by a worker, with no caller's language: the console's fallback, Chinese.
            content: `异步任务 ${task.taskId} 执行失败（${reason}），已退还 ${task.quota} 额度`,
          },
        ],
        manager,
      );
      return true;
    });
    if (failed && task.quota > 0) {
      await this.users
        .quotaCommitted(task.userId, task.quota)
        .catch((error: unknown) =>
          this.logger.error(`refund of task ${task.id} not cached: ${String(error)}`),
        );
    }
    return failed;
  }
}
