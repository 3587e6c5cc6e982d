import { Module } from '@nestjs/common';
import { HealthChecks } from './health-checks';
import { HealthController } from './health.controller';
import { QueueStatusReader } from './queue-status';
import { QueueStatusController } from './queue-status.controller';
import { WorkerHealthServer } from './worker-health-server';

@Module({
  controllers: [HealthController, QueueStatusController],
  providers: [HealthChecks, QueueStatusReader, WorkerHealthServer],
})
export class HealthModule {}
