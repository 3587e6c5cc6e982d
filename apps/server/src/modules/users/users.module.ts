import { Module } from '@nestjs/common';
import { SessionsModule } from '../auth/sessions.module';
import { LogsModule } from '../logs/logs.module';
import { OptionsModule } from '../options/options.module';
import { PasswordHasher } from './password-hasher';
import { UserAdminService } from './user-admin.service';
import { UserEvents } from './user-events';
import { UserLogs } from './user-logs';
import { UserRebates } from './user-rebates';
import { UserRewardsService } from './user-rewards.service';
import { UserSelfService } from './user-self.service';
import { UsersAdminController } from './users-admin.controller';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [OptionsModule, LogsModule, SessionsModule],
  controllers: [UsersController, UsersAdminController],
  providers: [
    UsersRepository,
    UsersService,
    UserAdminService,
    UserSelfService,
    UserRewardsService,
    UserLogs,
    UserRebates,
    UserEvents,
    PasswordHasher,
  ],
  exports: [UsersService, PasswordHasher],
})
export class UsersModule {}
