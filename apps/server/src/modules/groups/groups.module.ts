import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { OptionsModule } from '../options/options.module';
import { UsersModule } from '../users/users.module';
import { GroupsController } from './groups.controller';
import { GroupsService } from './groups.service';

@Module({
  imports: [OptionsModule, UsersModule, ChannelsModule],
  controllers: [GroupsController],
  providers: [GroupsService],
  exports: [GroupsService],
})
export class GroupsModule {}
