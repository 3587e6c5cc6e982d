import { forwardRef, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { UsersModule } from '../users/users.module';
import { OptionsController } from './options.controller';
import { OptionsRepository } from './options.repository';
import { OptionsService } from './options.service';
import { SetupController } from './setup.controller';
import { SetupGuard } from './setup.guard';
import { SetupService } from './setup.service';
import { StatusController } from './status.controller';
import { StatusService } from './status.service';

@Module({
  // Users read options (quota for new users, rewards) and setup creates the root user: a mutual import.
  imports: [forwardRef(() => UsersModule)],
  controllers: [OptionsController, StatusController, SetupController],
  providers: [
    OptionsRepository,
    OptionsService,
    SetupService,
    StatusService,
    { provide: APP_GUARD, useClass: SetupGuard },
  ],
  exports: [OptionsService, SetupService],
})
export class OptionsModule {}
