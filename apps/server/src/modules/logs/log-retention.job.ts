import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../infra/config/app-config';
import { JobQueue } from '../../infra/queue/queue.port';
import { LogsService } from './logs.service';

const DAY_MS = 86_400_000;

/**
 * The `log-retention` queue: once a day (and at a worker's boot) rows older than LogRetentionDays are deleted,
 * in the same small batches as a manual clear, so a busy gateway's log table stops growing by itself.
 */
@Injectable()
export class LogRetentionJob implements OnApplicationBootstrap {
  constructor(
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
    private readonly logs: LogsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.queue.process('log-retention', async () => ({ deleted: await this.logs.applyRetention() }));
    if (this.config.runsWorkers) await this.queue.schedule('log-retention', {}, DAY_MS);
  }
}
