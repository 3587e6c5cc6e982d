import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { TASK_TIMEOUT_SECONDS } from '@tollgate/contracts';
import { AppConfig } from '../../infra/config/app-config';
import { nowSeconds } from '../../infra/database/columns';
import { RoutingCache } from '../relay/routing/routing-cache';
import { UpstreamClient } from '../relay/upstream/upstream-client';
import { PLATFORM_FETCH, type PolledTask } from './task-platforms';
import { type TaskEntity } from './task.entity';
import { TaskRefunds } from './task-refunds';
import { type TaskReport, TaskReports } from './task-reports';
import { TasksRepository } from './tasks.repository';

/** Unfinished tasks claimed and polled at a time (reference §7: 500); a run goes on until none is left. */
export const POLL_BATCH = 500;

export interface PollOutcome {
  polled: number;
  updated: number;
  failed: number;
}

/**
 * One run of the `task-poll` job: claims unfinished tasks in batches, fails the ones past the timeout, asks
 * each channel about the rest in one call, and writes what changed. Safe to run on several workers at once:
 * claims and the FAILURE transition are conditional updates.
 */
@Injectable()
export class TaskPoller {
  private readonly logger = new Logger(TaskPoller.name);

  constructor(
    private readonly tasks: TasksRepository,
    private readonly refunds: TaskRefunds,
    private readonly reports: TaskReports,
    private readonly routing: RoutingCache,
    private readonly client: UpstreamClient,
    private readonly config: AppConfig,
  ) {}

  async pollOnce(): Promise<PollOutcome> {
    const claim = randomUUID();
    // A claimed task is not polled again before this: once per interval, whichever worker runs.
    const claimSeconds = this.config.taskPollSeconds - 1;
    const outcome: PollOutcome = { polled: 0, updated: 0, failed: 0 };
    // Each task once per run, however long the run takes.
    for (let afterId = 0; ;) {
      const now = nowSeconds();
      const batch = await this.tasks.claimUnfinished(claim, afterId, now, now + claimSeconds, POLL_BATCH);
      if (batch.length === 0) return outcome;
      afterId = batch[batch.length - 1].id;
      outcome.polled += batch.length;
      const live: TaskEntity[] = [];
      for (const task of batch) {
        if (task.submitTime > now - TASK_TIMEOUT_SECONDS) live.push(task);
        else if (await this.refunds.fail(task, {}, 'upstream timeout', now)) outcome.failed += 1;
      }
      // One call per platform and channel.
      const groups = new Map<string, TaskEntity[]>();
      for (const task of live) {
        const group = `${task.platform}:${task.channelId}`;
        groups.set(group, [...(groups.get(group) ?? []), task]);
      }
      await Promise.all(
        [...groups.values()].map(async (tasks) => {
          const result = await this.pollChannel(tasks[0].platform, tasks[0].channelId, tasks);
          outcome.updated += result.updated;
          outcome.failed += result.failed;
        }),
      );
      if (batch.length < POLL_BATCH) return outcome;
    }
  }

  private async pollChannel(
    platform: string,
    channelId: number,
    tasks: TaskEntity[],
  ): Promise<Omit<PollOutcome, 'polled'>> {
    const result = { updated: 0, failed: 0 };
    const now = nowSeconds();
    const channel = this.routing.table().channel(channelId);
    if (!channel || channel.keys.length === 0) {
      // The channel was deleted: nobody can finish these tasks.
      for (const task of tasks)
        if (await this.refunds.fail(task, {}, `channel ${channelId} no longer exists`, now))
          result.failed += 1;
      return result;
    }
    const fetch = PLATFORM_FETCH[platform];
    let answers: PolledTask[];
    try {
      if (!fetch) throw new Error(`no poller for platform ${platform}`);
      answers = await fetch(
        this.client,
        channel,
        channel.keys[0],
        tasks.map((task) => task.taskId),
      );
    } catch (error) {
      // Tried again next interval; the timeout ends tasks whose channel never answers.
      this.logger.warn(`polling channel ${channelId} failed: ${String(error)}`);
      return result;
    }
    const byTaskId = new Map(answers.map((answer) => [answer.taskId, answer]));
    const reports: TaskReport[] = [];
    for (const task of tasks) {
      const report = byTaskId.get(task.taskId);
      if (report) reports.push({ task, report });
    }
    return this.reports.apply(reports, now);
  }
}
