import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ChannelsModule } from '../channels/channels.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { OptionsModule } from '../options/options.module';
import { RelayModule } from '../relay/relay.module';
import { UsersModule } from '../users/users.module';
import { ChannelBalances } from './channel-balances';
import { ChannelOpsController } from './channel-ops.controller';
import { ChannelOpsJobs } from './channel-ops.jobs';
import { ChannelOpsRuns } from './channel-ops-runs';
import { ChannelTester } from './channel-tester';
import { ModelLists } from './model-lists';
import { TestLogWriter } from './test-log';

/** Channel tests, balances and model lists: the channel operations that call providers (DESIGN §5). */
@Module({
  imports: [ChannelsModule, RelayModule, OptionsModule, BillingModule, UsersModule, NotificationsModule],
  controllers: [ChannelOpsController],
  providers: [TestLogWriter, ChannelTester, ChannelBalances, ModelLists, ChannelOpsRuns, ChannelOpsJobs],
})
export class ChannelOpsModule {}
