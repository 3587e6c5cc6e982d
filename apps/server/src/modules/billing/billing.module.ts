import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { LogsModule } from '../logs/logs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { OptionsModule } from '../options/options.module';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { PriceCalculator } from './price-calculator';
import { QuotaLedger } from './quota-ledger';
import { QuotaStore } from './quota-store';
import { UsageRecorder } from './usage-recorder';

/** Pricing, the quota ledger (reserve / settle / refund, write-behind) and the batched usage-log writer. */
@Module({
  imports: [OptionsModule, LogsModule, UsersModule, TokensModule, ChannelsModule, NotificationsModule],
  providers: [QuotaStore, PriceCalculator, QuotaLedger, UsageRecorder],
  exports: [PriceCalculator, QuotaLedger, UsageRecorder],
})
export class BillingModule {}
