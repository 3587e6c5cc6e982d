import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { OptionsModule } from '../options/options.module';
import { UsersModule } from '../users/users.module';
import { SetupController } from './setup.controller';
import { SetupGuard } from './setup.guard';
import { SetupRepository } from './setup.repository';
import { SetupService } from './setup.service';
import { SiteContentController } from './site-content.controller';
import { StatusController } from './status.controller';
import { StatusService } from './status.service';

@Module({
  imports: [OptionsModule, UsersModule],
  controllers: [StatusController, SiteContentController, SetupController],
  providers: [SetupRepository, SetupService, StatusService, { provide: APP_GUARD, useClass: SetupGuard }],
  exports: [SetupService],
})
export class SetupModule {}
