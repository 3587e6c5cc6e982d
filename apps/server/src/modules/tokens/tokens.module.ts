import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module';
import { UsersModule } from '../users/users.module';
import { TokenEvents } from './token-events';
import { TokensController } from './tokens.controller';
import { TokensRepository } from './tokens.repository';
import { TokensService } from './tokens.service';

@Module({
  imports: [UsersModule, GroupsModule],
  controllers: [TokensController],
  providers: [TokensRepository, TokensService, TokenEvents],
  exports: [TokensService],
})
export class TokensModule {}
