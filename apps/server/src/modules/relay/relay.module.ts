import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { GroupsModule } from '../groups/groups.module';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { ChannelSelector } from './channel-selector';
import { TokenCache, UserCache } from './identity-cache';
import { RelayAuthGuard } from './relay-auth.guard';
import { RelayController } from './relay.controller';
import { RelayModels } from './relay-models';
import { RoutingCache } from './routing-cache';
import { TokenAuthenticator } from './token-authenticator';
import { UpstreamClient } from './upstream-client';

/** The relay hot path: token auth, routing, upstream HTTP. Steady state reads only memory. */
@Module({
  imports: [TokensModule, UsersModule, ChannelsModule, GroupsModule],
  controllers: [RelayController],
  providers: [
    TokenCache,
    UserCache,
    TokenAuthenticator,
    RelayAuthGuard,
    RoutingCache,
    ChannelSelector,
    RelayModels,
    UpstreamClient,
  ],
  exports: [TokenAuthenticator, ChannelSelector, RoutingCache, UpstreamClient],
})
export class RelayModule {}
