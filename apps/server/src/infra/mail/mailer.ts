import { Injectable, Logger } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { OptionsService } from '../../modules/options/options.service';
import { isSmtpConfigured, senderAddress, type SmtpSettings, smtpTransportOptions } from './smtp-settings';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Mail could not be handed to the SMTP server; the message is safe to log (no credentials). */
export class MailDeliveryError extends Error {}

/**
 * Sends mail through the SMTP account of the system options. The transport is built for each mail from the
 * current options, so a change in the console applies to the next mail on every replica.
 */
@Injectable()
export class Mailer {
  private readonly logger = new Logger(Mailer.name);

  constructor(private readonly options: OptionsService) {}

  isConfigured(): boolean {
    return isSmtpConfigured(this.settings());
  }

  async send(message: MailMessage): Promise<void> {
    const settings = this.settings();
    if (!isSmtpConfigured(settings)) throw new MailDeliveryError('SMTP is not configured');
    const transport = createTransport(smtpTransportOptions(settings));
    try {
      await transport.sendMail({
        from: { name: settings.senderName, address: senderAddress(settings) },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    } catch (error) {
      // nodemailer errors name the server and the SMTP reply, never the password.
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(`mail to ${message.to} failed: ${reason}`);
      throw new MailDeliveryError(reason);
    } finally {
      transport.close();
    }
  }

  private settings(): SmtpSettings {
    const o = this.options;
    return {
      server: o.get('SMTPServer'),
      port: o.getNumber('SMTPPort') || 587,
      account: o.get('SMTPAccount'),
      token: o.get('SMTPToken'),
      from: o.get('SMTPFrom'),
      ssl: o.getBoolean('SMTPSSLEnabled'),
      senderName: o.get('SystemName'),
    };
  }
}
