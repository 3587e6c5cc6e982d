import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { GroupsModule } from '../groups/groups.module';
import { RelayModule } from '../relay/relay.module';
import { PricingController } from './pricing.controller';
import { PricingService } from './pricing.service';

/**
 * The public price list. Its own module rather than part of billing: it reads the relay's routing table, and
 * the relay already imports billing.
 */
@Module({
  imports: [AuthModule, BillingModule, GroupsModule, RelayModule],
  controllers: [PricingController],
  providers: [PricingService],
})
export class PricingModule {}
