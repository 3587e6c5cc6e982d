import { Module } from '@nestjs/common';
import { AppConfig } from '../../infra/config/app-config';
import { redisBackend } from '../../infra/redis/redis-backend';
import { RedisConnections } from '../../infra/redis/redis-connections';
import { CacheStore } from '../../infra/redis/redis.ports';
import { ChannelsModule } from '../channels/channels.module';
import { DashboardModule } from '../logs/dashboard/dashboard.module';
import { LogsModule } from '../logs/logs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { OptionsModule } from '../options/options.module';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { LedgerJournal } from './journal/ledger-journal';
import { MemoryLedgerJournal } from './journal/memory-ledger-journal';
import { RedisLedgerJournal } from './journal/redis-ledger-journal';
import { LedgerCursorRepository } from './ledger-cursor.repository';
import { LedgerMetrics } from './ledger-metrics';
import { PriceCalculator } from './price-calculator';
import { QuotaLedger } from './quota-ledger';
import { QuotaStore } from './quota-store';
import { UsageRecorder } from './usage-recorder';

/** Pricing, the quota ledger (reserve / settle / refund, the charge journal and its drain) and the usage-log writer. */
@Module({
  imports: [
    OptionsModule,
    LogsModule,
    // Stored consumption rows feed its buckets; imported here, it stops after the ledger's last drain.
    DashboardModule,
    UsersModule,
    TokensModule,
    ChannelsModule,
    NotificationsModule,
  ],
  providers: [
    {
      provide: LedgerJournal,
      inject: [AppConfig, RedisConnections, CacheStore],
      useFactory: (config: AppConfig, connections: RedisConnections, cache: CacheStore): LedgerJournal =>
        redisBackend(config) === 'redis'
          ? new RedisLedgerJournal(connections.command, config.redisPrefix)
          : new MemoryLedgerJournal(cache),
    },
    LedgerCursorRepository,
    QuotaStore,
    PriceCalculator,
    QuotaLedger,
    UsageRecorder,
    LedgerMetrics,
  ],
  exports: [PriceCalculator, QuotaLedger, UsageRecorder],
})
export class BillingModule {}
