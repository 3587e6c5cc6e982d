import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { ChannelsModule } from '../channels/channels.module';
import { GroupsModule } from '../groups/groups.module';
import { OptionsModule } from '../options/options.module';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { ChannelSelector } from './channel-selector';
import { PlaygroundController } from './playground.controller';
import { PlaygroundSessionGuard } from './playground-session.guard';
import { TokenCache, UserCache } from './identity-cache';
import { RelayAuthGuard } from './relay-auth.guard';
import { NativeRelayController } from './native.controller';
import { RelayController } from './relay.controller';
import { RelayDashboard } from './relay-dashboard';
import { RelayDashboardController } from './relay-dashboard.controller';
import { RelayAttempts } from './relay-attempts';
import { RelayModels } from './relay-models';
import { RelayRateLimits } from './relay-rate-limits';
import { RelayRoutes } from './relay-routes';
import { RelayService } from './relay.service';
import { MultipartBodyParser } from './requests/multipart-body-parser';
import { RoutingCache } from './routing-cache';
import { SensitiveWordCheck } from './sensitive-words';
import { TokenAuthenticator } from './token-authenticator';
import { UpstreamClient } from './upstream-client';

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
    RelayRoutes,
    MultipartBodyParser,
    SensitiveWordCheck,
  ],
  exports: [TokenAuthenticator, ChannelSelector, RoutingCache, UpstreamClient],
})
export class RelayModule {}
