import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { ChannelsModule } from '../channels/channels.module';
import { GroupsModule } from '../groups/groups.module';
import { OptionsModule } from '../options/options.module';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { ChannelSelector } from './routing/channel-selector';
import { PlaygroundController } from './playground.controller';
import { PlaygroundSessionGuard } from './playground/playground-session.guard';
import { TokenCache, UserCache } from './auth/identity-cache';
import { RelayAuthGuard } from './auth/relay-auth.guard';
import { NativeRelayController } from './native.controller';
import { RelayController } from './relay.controller';
import { RelayDashboard } from './relay-dashboard';
import { RelayDashboardController } from './relay-dashboard.controller';
import { RelayAttempts } from './upstream/relay-attempts';
import { RelayModels } from './relay-models';
import { RelayRateLimits } from './checks/relay-rate-limits';
import { RelayRoutes } from './relay-routes';
import { RelayService } from './relay.service';
import { RelayReservations } from './relay-reservations';
import { RelaySettlements } from './relay-settlements';
import { MultipartBodyParser } from './requests/multipart-body-parser';
import { RoutingCache } from './routing/routing-cache';
import { SetupModule } from '../setup/setup.module';
import { SensitiveWordCheck } from './checks/sensitive-words';
import { TokenAuthenticator } from './auth/token-authenticator';
import { UpstreamClient } from './upstream/upstream-client';
import { ChannelProbe } from './probes/channel-probe';
import { CallerUrlFetcher } from './media/caller-url-fetcher';

/** The relay hot path: token auth, routing, upstream HTTP. Steady state reads only memory. */
@Module({
  imports: [
    TokensModule,
    UsersModule,
    ChannelsModule,
    GroupsModule,
    OptionsModule,
    BillingModule,
    AuthModule,
    SetupModule,
  ],
  controllers: [RelayController, NativeRelayController, RelayDashboardController, PlaygroundController],
  providers: [
    TokenCache,
    UserCache,
    TokenAuthenticator,
    RelayAuthGuard,
    PlaygroundSessionGuard,
    RoutingCache,
    ChannelSelector,
    RelayModels,
    UpstreamClient,
    RelayAttempts,
    RelayRateLimits,
    RelayDashboard,
    RelayService,
    RelayReservations,
    RelaySettlements,
    RelayRoutes,
    MultipartBodyParser,
    SensitiveWordCheck,
    ChannelProbe,
    CallerUrlFetcher,
  ],
  exports: [TokenAuthenticator, ChannelSelector, RoutingCache, ChannelProbe, UpstreamClient],
})
export class RelayModule {}
