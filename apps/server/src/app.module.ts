import { type DynamicModule, Module } from '@nestjs/common';
import { type AppConfig } from './infra/config/app-config';
import { ConfigModule } from './infra/config/config.module';
import { CryptoModule } from './infra/crypto/crypto.module';
import { DatabaseModule } from './infra/database/database.module';
import { MetricsModule } from './infra/metrics/metrics.module';
import { QueueModule } from './infra/queue/queue.module';
import { RedisModule } from './infra/redis/redis.module';
import { AuthModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { OptionsModule } from './modules/options/options.module';
import { SetupModule } from './modules/setup/setup.module';
import { UsersModule } from './modules/users/users.module';
import { GroupsModule } from './modules/groups/groups.module';
import { LogsModule } from './modules/logs/logs.module';
import { DashboardModule } from './modules/logs/dashboard/dashboard.module';
import { RedemptionsModule } from './modules/redemptions/redemptions.module';
import { TokensModule } from './modules/tokens/tokens.module';
import { ChannelsModule } from './modules/channels/channels.module';
import { BillingModule } from './modules/billing/billing.module';
import { RelayModule } from './modules/relay/relay.module';
import { ChannelOpsModule } from './modules/channel-ops/channel-ops.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { MessagesModule } from './modules/messages/messages.module';
import { PricingModule } from './modules/pricing/pricing.module';
import { TasksModule } from './modules/tasks/tasks.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        MetricsModule,
        DatabaseModule,
        CryptoModule,
        RedisModule,
        QueueModule,
        HealthModule,
        // Before AuthModule: app guards run in the order their modules are scanned, and a write before setup
        // is refused as such even without a session.
        SetupModule,
        OptionsModule,
        UsersModule,
        AuthModule,
        GroupsModule,
        LogsModule,
        DashboardModule,
        TokensModule,
        RedemptionsModule,
        ChannelsModule,
        BillingModule,
        RelayModule,
        ChannelOpsModule,
        PaymentsModule,
        PricingModule,
        TasksModule,
        MessagesModule,
      ],
    };
  }
}
