import { MailDeliveryError, type MailMessage, type Mailer } from '../../../infra/mail/mailer';
import { accountError } from './account.errors';

/** Sends, or undoes what was prepared for the mail and answers the generic failure (SMTP details stay in the log). */
export async function sendOrExplain(
  mailer: Mailer,
  mail: MailMessage,
  undo: () => Promise<void>,
): Promise<void> {
  try {
    await mailer.send(mail);
  } catch (error) {
    await undo();
    throw error instanceof MailDeliveryError ? accountError('mail_failed') : error;
  }
}
