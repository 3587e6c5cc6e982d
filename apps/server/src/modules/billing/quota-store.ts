import { Injectable } from '@nestjs/common';
import { ChannelsService } from '../channels/channels.service';
import { TokensService } from '../tokens/tokens.service';
import { type TokenBalanceListener } from '../tokens/token-events';
import { type QuotaListener } from '../users/user-events';
import { UsersService } from '../users/users.service';
import { type DeltaBatch } from './pending-deltas';

/**
 * The ledger's database side: balances read on a cache miss, and the write-behind of summed deltas.
 * Each aggregate's module owns its SQL (users, tokens, channels); this only sequences the calls.
 */
@Injectable()
export class QuotaStore {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokensService,
    private readonly channels: ChannelsService,
  ) {}

  userQuota(userId: number): Promise<number | null> {
    return this.users.storedQuota(userId);
  }

  /** Balance changes other modules commit (top-ups, check-ins, admin edits), as they land in this process. */
  onUserQuotaAdded(listener: QuotaListener): void {
    this.users.onQuotaAdded(listener);
  }

  onTokenBalanceChange(listener: TokenBalanceListener): void {
    this.tokens.onBalanceChange(listener);
  }

  tokenRemain(userId: number, tokenId: number): Promise<number | null> {
    return this.tokens.storedRemainQuota(userId, tokenId);
  }

  /**
   * Writes a batch table by table (one transaction each) and answers the part that did not commit,
   * so a retry never applies a committed part twice.
   */
  async write(batch: DeltaBatch): Promise<{ unwritten: Partial<DeltaBatch>; error?: Error }> {
    const steps: Array<[keyof DeltaBatch, () => Promise<void>]> = [
      ['users', () => this.users.applyQuotaDeltas(batch.users)],
      ['tokens', () => this.tokens.applyQuotaDeltas(batch.tokens)],
      ['channels', () => this.channels.applyUsedQuotaDeltas(batch.channels)],
    ];
    for (const [index, [table, step]] of steps.entries()) {
      if (batch[table].length === 0) continue;
      try {
        await step();
      } catch (error) {
        const rest = steps.slice(index).map(([name]) => [name, batch[name]]);
        return {
          unwritten: Object.fromEntries(rest) as Partial<DeltaBatch>,
          error: error instanceof Error ? error : new Error(String(error)),
        };
      }
    }
    return { unwritten: {} };
  }
}
