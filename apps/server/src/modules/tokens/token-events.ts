import { Injectable, Logger } from '@nestjs/common';
import { BalanceHook } from '../../common/balance-hook';
import { PubSub } from '../../infra/redis/redis.ports';

/** Pub/sub channel the relay's token cache listens on; the message is a JSON array of token ids. */
export const TOKENS_CHANGED = 'tokens:changed';

/** What the billing ledger does with committed changes of a token's balance. */
export interface TokenBalanceListener {
  added(tokenId: number, delta: number): Promise<void>;
  /** The balance no longer follows from its deltas (unlimited switched on or off): read it again. */
  reset(tokenId: number): Promise<void>;
}

/** Tells every replica (this one included) which tokens changed so relay caches drop them. */
@Injectable()
export class TokenEvents {
  private readonly logger = new Logger(TokenEvents.name);
  private readonly ledger = new BalanceHook<TokenBalanceListener>(this.logger);

  constructor(private readonly pubsub: PubSub) {}

  /** The billing ledger listens here (see BalanceHook). */
  onBalanceChange(listener: TokenBalanceListener): void {
    this.ledger.listen(listener);
  }

  async quotaAdded(tokenId: number, delta: number): Promise<void> {
    if (delta !== 0) await this.ledger.tell(`token ${tokenId}`, (listener) => listener.added(tokenId, delta));
  }

  balanceReset(tokenId: number): Promise<void> {
    return this.ledger.tell(`token ${tokenId}`, (listener) => listener.reset(tokenId));
  }

  async changed(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.pubsub.publish(TOKENS_CHANGED, JSON.stringify(ids));
    } catch (error) {
      // The write is committed: the relay cache's TTL bounds how long a lost notice matters.
      this.logger.error(`token change notice failed: ${String(error)}`);
    }
  }
}
