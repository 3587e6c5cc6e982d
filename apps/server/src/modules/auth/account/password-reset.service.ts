import { randomBytes, randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PASSWORD_RESET_COOLDOWN_SECONDS, PASSWORD_RESET_TTL_SECONDS } from '@tollgate/contracts';
import { type Locale } from '../../../common/i18n/locale';
import { AppConfig } from '../../../infra/config/app-config';
import { Mailer } from '../../../infra/mail/mailer';
import { OptionsService } from '../../options/options.service';
import { UsersService } from '../../users/users.service';
import { publicAddress } from '../public-address';
import { SessionService } from '../session.service';
import { accountError } from './account.errors';
import { resetMail } from './account-mails';
import { cleanEmail, emailKey, isValidEmail } from './email-rules';
import { OneTimeSecrets } from './one-time-secrets';
import { sendOrExplain } from './send-or-explain';

const NEW_PASSWORD_LENGTH = 12;
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

const tokenKey = (email: string) => `auth:reset-token:${emailKey(email)}`;
const cooldownKey = (email: string) => `auth:reset-cooldown:${emailKey(email)}`;

const newPassword = (): string =>
  Array.from(
    { length: NEW_PASSWORD_LENGTH },
    () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
  ).join('');

/** Password reset by mailed link (spec 001 §4, reference §8.3): one link per address at a time, used once. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly options: OptionsService,
    private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly secrets: OneTimeSecrets,
    private readonly mailer: Mailer,
    private readonly sessions: SessionService,
  ) {}

  /** Same answer whether or not an account has the address, so the form cannot probe for users. */
  async requestReset(rawEmail: string, locale: Locale): Promise<void> {
    const email = cleanEmail(rawEmail);
    if (!isValidEmail(email)) throw accountError('invalid_email');
    if (!this.mailer.isConfigured()) throw accountError('mail_not_configured');
    const wait = await this.secrets.startCooldown(cooldownKey(email), PASSWORD_RESET_COOLDOWN_SECONDS);
    if (wait > 0) throw accountError('mail_too_soon', { seconds: wait });
    const user = await this.users.findActiveByEmail(email);
    if (!user || !this.users.isUsable(user)) return;
    const token = randomBytes(32).toString('base64url');
    await this.secrets.store(tokenKey(user.email), token, PASSWORD_RESET_TTL_SECONDS);
    const query = new URLSearchParams({ email: user.email, token });
    const mail = resetMail(user.email, locale, {
      systemName: this.options.get('SystemName'),
      link: `${publicAddress(this.options, this.config)}/reset?${query.toString()}`,
      minutes: PASSWORD_RESET_TTL_SECONDS / 60,
    });
    await sendOrExplain(this.mailer, mail, async () => {
      await this.secrets.discard(tokenKey(user.email));
      await this.secrets.endCooldown(cooldownKey(email));
    });
  }

  /** Uses the link, signs the account out everywhere and answers the new random password (shown once). */
  async confirmReset(rawEmail: string, token: string): Promise<string> {
    const email = cleanEmail(rawEmail);
    if (!email || !token) throw accountError('reset_fields_required');
    if (!(await this.secrets.consume(tokenKey(email), token))) throw accountError('reset_link_invalid');
    const user = await this.users.findActiveByEmail(email);
    if (!user || !this.users.isUsable(user)) throw accountError('reset_link_invalid');
    const password = newPassword();
    await this.users.setPassword(user.id, password);
    await this.sessions.endAllFor(user.id);
    return password;
  }
}
