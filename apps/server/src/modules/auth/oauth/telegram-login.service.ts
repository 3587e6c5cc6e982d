import { Injectable } from '@nestjs/common';
import { type TelegramLoginData } from '@tollgate/contracts';
import { nowSeconds } from '../../../infra/database/columns';
import { OptionsService } from '../../options/options.service';
import { type LoginResult } from '../auth.service';
import { ExternalAccountsService } from './external-accounts.service';
import { type ExternalIdentity } from './external-identity';
import { oauthError } from './oauth.errors';
import { checkTelegramLogin } from './telegram-login';

/** Telegram login widget: the data is signed with our bot token; login is only for already bound accounts. */
@Injectable()
export class TelegramLoginService {
  constructor(
    private readonly options: OptionsService,
    private readonly accounts: ExternalAccountsService,
  ) {}

  async signIn(data: TelegramLoginData): Promise<LoginResult> {
    return this.accounts.signIn(this.identify(data), null);
  }

  async bind(userId: number, data: TelegramLoginData): Promise<void> {
    await this.accounts.bind(userId, this.identify(data));
  }

  private identify(data: TelegramLoginData): ExternalIdentity {
    if (!this.options.getBoolean('TelegramOAuthEnabled'))
      throw oauthError('provider_disabled', { provider: 'Telegram' });
    const fields: Record<string, string | undefined> = { ...data };
    switch (checkTelegramLogin(fields, this.options.get('TelegramBotToken'), nowSeconds())) {
      case 'forged':
        throw oauthError('telegram_data_invalid');
      case 'expired':
        throw oauthError('telegram_data_expired');
      case 'valid':
        return { provider: 'telegram', id: data.id, handle: data.username ?? data.id };
    }
  }
}
