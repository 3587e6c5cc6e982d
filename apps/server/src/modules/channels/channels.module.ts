import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { OptionsModule } from '../options/options.module';
import { ChannelBulkController } from './channel-bulk.controller';
import { ChannelEvents } from './channel-events';
import { ChannelHealthRepository } from './channel-health.repository';
import { ChannelHealthService } from './channel-health.service';
import { ChannelKeyVault } from './channel-key-vault';
import { ChannelTagsController } from './channel-tags.controller';
import { ChannelTagsService } from './channel-tags.service';
import { ChannelsController } from './channels.controller';
import { ChannelsRepository } from './channels.repository';
import { ChannelsService } from './channels.service';
import { RoutingSnapshotReader } from './routing-snapshot';

/** Channels and their abilities. The relay reads them through ChannelsService (routingSnapshot, openKeys). */
@Module({
  imports: [OptionsModule, NotificationsModule],
  controllers: [ChannelsController, ChannelBulkController, ChannelTagsController],
  providers: [
    ChannelsRepository,
    ChannelsService,
    ChannelTagsService,
    ChannelKeyVault,
    ChannelEvents,
    RoutingSnapshotReader,
    ChannelHealthRepository,
    ChannelHealthService,
  ],
  exports: [ChannelsService, ChannelHealthService],
})
export class ChannelsModule {}
