import { Injectable, Logger } from '@nestjs/common';
import { OptionsService } from '../../options/options.service';
import { type LoginResult } from '../auth.service';
import { profileText } from './code-provider';
import { ExternalAccountsService } from './external-accounts.service';
import { type ExternalIdentity } from './external-identity';
import { oauthError } from './oauth.errors';

const TIMEOUT_MS = 5_000;

/**
 * WeChat through the helper server (reference §8.4): the user sends the official account a word, gets a
 * code (valid three minutes), and the helper turns the code into their WeChat id.
 */
@Injectable()
export class WeChatLoginService {
  private readonly logger = new Logger(WeChatLoginService.name);

  constructor(
    private readonly options: OptionsService,
    private readonly accounts: ExternalAccountsService,
  ) {}

  async signIn(code: string): Promise<LoginResult> {
    return this.accounts.signIn(await this.identify(code), { aff: '' });
  }

  async bind(userId: number, code: string): Promise<void> {
    await this.accounts.bind(userId, await this.identify(code));
  }

  private async identify(rawCode: string): Promise<ExternalIdentity> {
    if (!this.options.getBoolean('WeChatAuthEnabled'))
      throw oauthError('provider_disabled', { provider: 'WeChat' });
    const code = rawCode.trim();
    if (!code) throw oauthError('wechat_code_invalid');
    const id = await this.lookUp(code);
    return { provider: 'wechat', id, handle: id };
  }

  private async lookUp(code: string): Promise<string> {
    const base = this.options.get('WeChatServerAddress').trim().replace(/\/+$/, '');
    const url = `${base}/api/wechat/user?code=${encodeURIComponent(code)}`;
    let body: { success?: unknown; data?: unknown };
    try {
      const response = await fetch(url, {
        // The helper expects the bare token, no "Bearer".
        headers: { Authorization: this.options.get('WeChatServerToken'), Accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // A refused token or a broken helper is the administrator's problem, not a wrong code.
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = (await response.json()) as typeof body;
    } catch (error) {
      this.logger.warn(`WeChat helper failed: ${error instanceof Error ? error.message : String(error)}`);
      throw oauthError('provider_failed', { provider: 'WeChat' });
    }
    const id = profileText(body.data);
    if (body.success !== true || !id) throw oauthError('wechat_code_invalid');
    return id;
  }
}
