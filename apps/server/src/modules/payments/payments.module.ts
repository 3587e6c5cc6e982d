import { Module } from '@nestjs/common';
import { LogsModule } from '../logs/logs.module';
import { OptionsModule } from '../options/options.module';
import { UsersModule } from '../users/users.module';
import { EpayNotifyController } from './epay-notify.controller';
import { EpayNotifyService } from './epay-notify.service';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { TopUpExpiryJobs } from './top-up-expiry.jobs';
import { TopUpOrdersRepository } from './top-up-orders.repository';

/** Online top-up through easy-pay (reference §9): orders, the signed form, the callback, the expiry job. */
@Module({
  imports: [OptionsModule, UsersModule, LogsModule],
  controllers: [PaymentsController, EpayNotifyController],
  providers: [TopUpOrdersRepository, PaymentsService, EpayNotifyService, TopUpExpiryJobs],
})
export class PaymentsModule {}
