import { Module } from '@nestjs/common';
import { HealthChecks } from './health-checks';
import { HealthController } from './health.controller';
import { WorkerHealthServer } from './worker-health-server';

@Module({ controllers: [HealthController], providers: [HealthChecks, WorkerHealthServer] })
export class HealthModule {}
