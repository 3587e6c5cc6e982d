import { Controller, Get, UseGuards } from '@nestjs/common';
import { Public } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { CurrentRelayCaller, RelayAuthGuard } from './auth/relay-auth.guard';
import { type BillingSubscription, type BillingUsage, RelayDashboard } from './relay-dashboard';
import { type TokenCaller } from './auth/token-authenticator';

/** OpenAI's legacy billing endpoints, token-authenticated, at the root and under /v1. */
@Public()
@RawResponse()
@UseGuards(RelayAuthGuard)
@Controller()
export class RelayDashboardController {
  constructor(private readonly dashboard: RelayDashboard) {}

  @Get(['dashboard/billing/subscription', 'v1/dashboard/billing/subscription'])
  subscription(@CurrentRelayCaller() caller: TokenCaller): Promise<BillingSubscription> {
    return this.dashboard.subscription(caller);
  }

  @Get(['dashboard/billing/usage', 'v1/dashboard/billing/usage'])
  usage(@CurrentRelayCaller() caller: TokenCaller): Promise<BillingUsage> {
    return this.dashboard.usage(caller);
  }
}
