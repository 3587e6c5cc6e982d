import { Module } from '@nestjs/common';
import { LogsModule } from '../logs/logs.module';
import { OptionsModule } from '../options/options.module';
import { UsersModule } from '../users/users.module';
import { RedeemService } from './redeem.service';
import { RedemptionsController } from './redemptions.controller';
import { RedemptionsRepository } from './redemptions.repository';
import { RedemptionsService } from './redemptions.service';
import { TopUpController } from './top-up.controller';

@Module({
  imports: [UsersModule, LogsModule, OptionsModule],
  controllers: [RedemptionsController, TopUpController],
  providers: [RedemptionsRepository, RedemptionsService, RedeemService],
})
export class RedemptionsModule {}
