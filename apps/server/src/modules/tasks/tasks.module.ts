import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ChannelsModule } from '../channels/channels.module';
import { LogsModule } from '../logs/logs.module';
import { RelayModule } from '../relay/relay.module';
import { SetupModule } from '../setup/setup.module';
import { UsersModule } from '../users/users.module';
import { MjController } from './mj.controller';
import { MjNotifyHooks } from './mj-notify-hooks';
import { MjNotifyService } from './mj-notify.service';
import { MjRoutes } from './mj.routes';
import { MjService } from './mj.service';
import { OptionsModule } from '../options/options.module';
import { SunoRoutes } from './suno.routes';
import { SunoService } from './suno.service';
import { TaskPollJob } from './task-poll.job';
import { TaskPoller } from './task-poller';
import { TaskRefunds } from './task-refunds';
import { TaskReports } from './task-reports';
import { TasksController } from './tasks.controller';
import { TaskCharges } from './task-charges';
import { TasksRepository } from './tasks.repository';

/** Async tasks (DESIGN §1): the Suno and Midjourney relays, the `task-poll` job with its refunds, and the task log pages. */
@Module({
  imports: [RelayModule, BillingModule, LogsModule, UsersModule, SetupModule, OptionsModule, ChannelsModule],
  controllers: [TasksController, MjController],
  providers: [
    TasksRepository,
    TaskCharges,
    SunoService,
    SunoRoutes,
    MjService,
    MjNotifyHooks,
    MjNotifyService,
    MjRoutes,
    TaskRefunds,
    TaskReports,
    TaskPoller,
    TaskPollJob,
  ],
})
export class TasksModule {}
