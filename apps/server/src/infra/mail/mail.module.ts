import { Module } from '@nestjs/common';
import { OptionsModule } from '../../modules/options/options.module';
import { Mailer } from './mailer';

/** Outgoing mail over the SMTP system options; import where mail is sent. */
@Module({
  imports: [OptionsModule],
  providers: [Mailer],
  exports: [Mailer],
})
export class MailModule {}
