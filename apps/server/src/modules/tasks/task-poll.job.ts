import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../infra/config/app-config';
import { JobQueue } from '../../infra/queue/queue.port';
import { TaskPoller } from './task-poller';

/**
 * The `task-poll` queue: every TASK_POLL_INTERVAL seconds (15 by default) one run polls every unfinished task (BullMQ's single schedule across
 * workers with Redis, the in-process runner embedded). Only processes that run workers consume it.
 */
@Injectable()
export class TaskPollJob implements OnApplicationBootstrap {
  constructor(
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
    private readonly poller: TaskPoller,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.queue.process('task-poll', () => this.poller.pollOnce());
    if (this.config.runsWorkers)
      await this.queue.schedule('task-poll', {}, this.config.taskPollSeconds * 1000);
  }
}
