import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EMAIL_CODE_RESEND_SECONDS, EMAIL_CODE_TTL_SECONDS } from '@tollgate/contracts';
import { type Locale } from '../../../common/i18n/locale';
import { Mailer } from '../../../infra/mail/mailer';
import { OptionsService } from '../../options/options.service';
import { UsersService } from '../../users/users.service';
import { accountError } from './account.errors';
import { verificationMail } from './account-mails';
import { cleanEmail, emailKey, emailPolicyIssue } from './email-rules';
import { OneTimeSecrets } from './one-time-secrets';
import { sendOrExplain } from './send-or-explain';

// Six digits give a million codes; five wrong guesses drop the code, so guessing is hopeless.
const WRONG_GUESSES_ALLOWED = 5;

const codeKey = (email: string) => `auth:email-code:${emailKey(email)}`;
const cooldownKey = (email: string) => `auth:email-code-cooldown:${emailKey(email)}`;

/** Email codes for registration and email binding: mailed by GET /api/verification, valid 10 minutes, used once. */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly options: OptionsService,
    private readonly users: UsersService,
    private readonly secrets: OneTimeSecrets,
    private readonly mailer: Mailer,
  ) {}

  async sendCode(rawEmail: string, locale: Locale): Promise<void> {
    const email = this.checkEmail(rawEmail);
    // The same test as sign-up and binding (cancelled accounts count), so no code is mailed in vain.
    if (await this.users.emailTaken(email)) throw accountError('email_taken');
    if (!this.mailer.isConfigured()) throw accountError('mail_not_configured');
    const wait = await this.secrets.startCooldown(cooldownKey(email), EMAIL_CODE_RESEND_SECONDS);
    if (wait > 0) throw accountError('mail_too_soon', { seconds: wait });
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.secrets.store(codeKey(email), code, EMAIL_CODE_TTL_SECONDS);
    const minutes = EMAIL_CODE_TTL_SECONDS / 60;
    const mail = verificationMail(email, locale, {
      systemName: this.options.get('SystemName'),
      code,
      minutes,
    });
    await sendOrExplain(this.mailer, mail, async () => {
      await this.secrets.discard(codeKey(email));
      await this.secrets.endCooldown(cooldownKey(email));
    });
  }

  /** GET /api/oauth/email/bind: the signed-in user proves the address with its code (spec §5: both needed). */
  async bindEmail(userId: number, rawEmail: string, rawCode: string): Promise<void> {
    const email = cleanEmail(rawEmail);
    const code = rawCode.trim();
    if (!email || !code) throw accountError('email_bind_fields_required');
    this.checkEmail(email);
    await this.consumeCode(email, code);
    try {
      await this.users.setEmail(userId, email);
    } catch (error) {
      await this.restoreCode(email, code);
      throw error;
    }
  }

  /** The trimmed address when the domain whitelist and alias rule allow it (reference §8.3). */
  checkEmail(rawEmail: string): string {
    const email = cleanEmail(rawEmail);
    const issue = emailPolicyIssue(email, {
      domainRestriction: this.options.getBoolean('EmailDomainRestrictionEnabled'),
      whitelist: this.options.get('EmailDomainWhitelist'),
      aliasRestriction: this.options.getBoolean('EmailAliasRestrictionEnabled'),
    });
    if (issue) throw accountError(issue);
    return email;
  }

  /** Uses up the code mailed to this address; a wrong code counts towards dropping it. */
  async consumeCode(email: string, code: string): Promise<void> {
    if (await this.secrets.consume(codeKey(email), code)) return;
    await this.secrets.recordWrongGuess(codeKey(email), WRONG_GUESSES_ALLOWED, EMAIL_CODE_TTL_SECONDS);
    throw accountError('invalid_verification_code');
  }

  /** Gives a consumed code back when the registration or bind it was used for failed. */
  restoreCode(email: string, code: string): Promise<void> {
    return this.secrets.restore(codeKey(email), code, EMAIL_CODE_TTL_SECONDS);
  }
}
