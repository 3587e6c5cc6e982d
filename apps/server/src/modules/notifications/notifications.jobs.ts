import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { parseUserSetting, type UserSetting } from '@tollgate/contracts';
import { nowSeconds } from '../../infra/database/columns';
import { MailDeliveryError, Mailer } from '../../infra/mail/mailer';
import { type JobPayloads } from '../../infra/queue/job-registry';
import { JobQueue } from '../../infra/queue/queue.port';
import { type UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { contentInBothLanguages, titleInBothLanguages } from './notices';
import { WebhookDeliveryError, webhookOrigin } from './webhook-target';
import { WebhookSender } from './webhook-sender';

type Payload = JobPayloads['notify'];
/** What became of one notice, kept as the job's result; a failure is an outcome, never a retry. */
export type DeliveryOutcome = 'email' | 'webhook' | `skipped: ${string}` | `failed: ${string}`;

interface Rendered {
  title: string;
  content: string;
}

/** The notify queue (DESIGN §5): delivers a queued notice by the recipient's notify_type. */
@Injectable()
export class NotificationJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger(NotificationJobs.name);

  constructor(
    private readonly queue: JobQueue,
    private readonly users: UsersService,
    private readonly mailer: Mailer,
    private readonly webhooks: WebhookSender,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.process('notify', (payload) => this.deliver(payload));
  }

  async deliver(payload: Payload): Promise<DeliveryOutcome> {
    const user = await this.users.findActiveById(payload.userId);
    if (!user || !this.users.isUsable(user)) return 'skipped: the user is gone or disabled';
    const setting = parseUserSetting(user.setting);
    const rendered = {
      title: titleInBothLanguages(payload.title),
      content: contentInBothLanguages(payload.content),
    };
    try {
      switch (setting.notify_type) {
        case 'email':
          return await this.byEmail(user, setting, rendered);
        case 'webhook':
          return await this.byWebhook(setting, payload, rendered);
      }
    } catch (error) {
      if (!(error instanceof MailDeliveryError || error instanceof WebhookDeliveryError)) throw error;
      // The mailer logs its own failures; a webhook's is logged here by origin only.
      if (error instanceof WebhookDeliveryError) {
        this.logger.warn(
          `${payload.type} notice to user #${user.id} via ${webhookOrigin(setting.webhook_url)}: ${error.message}`,
        );
      }
      return `failed: ${error.message}`;
    }
  }

  private async byEmail(user: UserEntity, setting: UserSetting, text: Rendered): Promise<DeliveryOutcome> {
    const to = setting.notification_email.trim() || user.email.trim();
    if (!to) return 'skipped: no email address';
    if (!this.mailer.isConfigured()) return 'skipped: SMTP is not configured';
    await this.mailer.send({ to, subject: text.title, text: text.content });
    return 'email';
  }

  private async byWebhook(setting: UserSetting, payload: Payload, text: Rendered): Promise<DeliveryOutcome> {
    if (!setting.webhook_url.trim()) return 'skipped: no webhook address';
    const body = JSON.stringify({
      type: payload.type,
      title: text.title,
      content: text.content,
      values: payload.values,
      timestamp: nowSeconds(),
    });
    await this.webhooks.post(setting.webhook_url, body, setting.webhook_secret);
    return 'webhook';
  }
}
