import { Global, Logger, Module, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { GatewayMetrics } from '../metrics/gateway-metrics';
import { observeJobQueue } from '../metrics/job-metrics';
import { redisBackend } from '../redis/redis-backend';
import { BullmqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobQueue } from './queue.port';

const logger = new Logger('JobQueue');

/** The job queue for the whole app: BullMQ when REDIS_URL is set, an in-process runner otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: JobQueue,
      inject: [AppConfig, GatewayMetrics],
      useFactory: (config: AppConfig, metrics: GatewayMetrics): JobQueue =>
        observeJobQueue(
          redisBackend(config) === 'redis'
            ? new BullmqJobQueue(config, (source, error) =>
                logger.error(`${source}: ${error.message}`, error.stack),
              )
            : new InProcessJobQueue(config),
          metrics,
        ),
    },
  ],
  exports: [JobQueue],
})
export class QueueModule implements OnModuleDestroy {
  constructor(private readonly queue: JobQueue) {}

  // Module destroy comes before application shutdown, so running jobs still have Redis and the database.
  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
  }
}
