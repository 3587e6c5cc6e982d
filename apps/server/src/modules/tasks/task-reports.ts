import { Injectable } from '@nestjs/common';
import { TaskStatus } from '@tollgate/contracts';
import { changesOf, type PolledTask } from './task-platforms';
import { TaskRefunds } from './task-refunds';
import { type TaskEntity } from './task.entity';
import { type TaskChanges, TasksRepository } from './tasks.repository';

/** A stored task and what its platform reports about it now. */
export interface TaskReport {
  task: TaskEntity;
  report: PolledTask;
}

export interface ReportOutcome {
  /** Tasks whose progress fields changed (SUCCESS included). */
  updated: number;
  /** Tasks this call failed (and refunded, when they were charged). */
  failed: number;
}

/**
 * The one way a platform's report reaches a task, whether the poller asked for it or the platform pushed it
 * (Midjourney's notify callback): `changesOf` decides, FAILURE goes through the refund path, and every write is
 * conditional on the task being unfinished, so a finished task never changes and a failure is refunded once
 * however many reports of it race.
 */
@Injectable()
export class TaskReports {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly refunds: TaskRefunds,
  ) {}

  async apply(reports: readonly TaskReport[], now: number): Promise<ReportOutcome> {
    const updates: Array<{ id: number; changes: TaskChanges }> = [];
    let failed = 0;
    for (const { task, report } of reports) {
      const changes = changesOf(task, report, now);
      if (changes === null) continue;
      if (changes.status !== TaskStatus.Failure) updates.push({ id: task.id, changes });
      else if (await this.refunds.fail(task, changes, report.failReason || 'failed upstream', now))
        failed += 1;
    }
    // The other changes of a batch in one transaction (one commit, not one per task).
    return { updated: await this.tasks.updateMany(updates, now), failed };
  }
}
