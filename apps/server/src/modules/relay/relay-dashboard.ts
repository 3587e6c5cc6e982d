import { Injectable } from '@nestjs/common';
import { TOKEN_NEVER_EXPIRES } from '@tollgate/contracts';
import { OptionsService } from '../options/options.service';
import { TokensService } from '../tokens/tokens.service';
import { UsersService } from '../users/users.service';
import { relayError } from './errors/relay-errors';
import { type TokenCaller } from './auth/token-authenticator';

/** OpenAI's legacy `GET /dashboard/billing/subscription` answer (credit emulation, reference §1.1). */
export interface BillingSubscription {
  object: 'billing_subscription';
  has_payment_method: true;
  soft_limit_usd: number;
  hard_limit_usd: number;
  system_hard_limit_usd: number;
  access_until: number;
}

/** OpenAI's legacy `GET /dashboard/billing/usage` answer; `total_usage` is in cents. */
export interface BillingUsage {
  object: 'list';
  total_usage: number;
}

// What clients such as ChatGPT-Next-Web show for a token without a quota limit.
const UNLIMITED_USD = 100_000_000;

interface Figures {
  remain: number;
  used: number;
  unlimited: boolean;
  accessUntil: number;
}

/**
 * Balances for OpenAI-era dashboard clients. Figures are the stored ones (the quota ledger offers no
 * read), so they trail live spending by at most the ledger's write-behind window.
 */
@Injectable()
export class RelayDashboard {
  constructor(
    private readonly options: OptionsService,
    private readonly users: UsersService,
    private readonly tokens: TokensService,
  ) {}

  async subscription(caller: TokenCaller): Promise<BillingSubscription> {
    const figures = await this.figures(caller);
    const usd = figures.unlimited ? UNLIMITED_USD : (figures.remain + figures.used) / this.quotaPerUnit();
    return {
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: usd,
      hard_limit_usd: usd,
      system_hard_limit_usd: usd,
      access_until: figures.accessUntil,
    };
  }

  async usage(caller: TokenCaller): Promise<BillingUsage> {
    const figures = await this.figures(caller);
    return { object: 'list', total_usage: (figures.used / this.quotaPerUnit()) * 100 };
  }

  private quotaPerUnit(): number {
    return this.options.getNumber('QuotaPerUnit');
  }

  // DisplayTokenStatEnabled shows the token's own budget; otherwise the owner's whole balance.
  private async figures(caller: TokenCaller): Promise<Figures> {
    if (this.options.getBoolean('DisplayTokenStatEnabled')) {
      const { token } = await this.tokens.get(caller.user.id, caller.token.id);
      return {
        remain: token.remainQuota,
        used: token.usedQuota,
        unlimited: token.unlimitedQuota,
        accessUntil: token.expiredTime === TOKEN_NEVER_EXPIRES ? 0 : token.expiredTime,
      };
    }
    const user = await this.users.findActiveById(caller.user.id);
    if (!user) throw relayError('invalid_api_key');
    return { remain: user.quota, used: user.usedQuota, unlimited: false, accessUntil: 0 };
  }
}
