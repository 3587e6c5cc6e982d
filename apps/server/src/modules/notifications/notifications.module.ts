import { Module } from '@nestjs/common';
import { MailModule } from '../../infra/mail/mail.module';
import { OptionsModule } from '../options/options.module';
import { UsersModule } from '../users/users.module';
import { NotificationThrottle } from './notification-throttle';
import { NotificationJobs } from './notifications.jobs';
import { NotificationService } from './notifications.service';
import { WebhookSender } from './webhook-sender';

/** Quota warnings and root notices by email or webhook (DESIGN §5 `notify`); billing and channels import it. */
@Module({
  imports: [UsersModule, OptionsModule, MailModule],
  providers: [NotificationService, NotificationThrottle, WebhookSender, NotificationJobs],
  exports: [NotificationService],
})
export class NotificationsModule {}
