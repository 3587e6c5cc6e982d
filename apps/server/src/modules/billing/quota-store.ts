import { Injectable, Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { ChannelsService } from '../channels/channels.service';
import { type LogRow } from '../logs/log-rows';
import { LogsService } from '../logs/logs.service';
import { QuotaDataRecorder } from '../logs/dashboard/quota-data-recorder';
import { TokensService } from '../tokens/tokens.service';
import { type TokenBalanceListener } from '../tokens/token-events';
import { type QuotaListener } from '../users/user-events';
import { UsersService } from '../users/users.service';
import { compareJournalIds, sumCharges } from './journal/charge-batch';
import { type JournalEntry } from './journal/ledger-journal';
import { LedgerCursorRepository } from './ledger-cursor.repository';
import { isRefusedRow } from './usage-recorder';

/**
 * The ledger's database side: balances read on a cache miss, and drained charges applied. Each aggregate's
 * module owns its SQL (users, tokens, channels, logs); this sequences the calls inside one transaction.
 */
@Injectable()
export class QuotaStore {
  private readonly logger = new Logger(QuotaStore.name);

  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokensService,
    private readonly channels: ChannelsService,
    private readonly logs: LogsService,
    private readonly cursors: LedgerCursorRepository,
    private readonly dashboard: QuotaDataRecorder,
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
   * Applies charges in one transaction: users, tokens, channels, their log rows and the cursor. Entries at
   * or before the cursor were applied already (their drainer died before acknowledging) and are skipped.
   * A log row the database refuses (too long, out of range) is dropped with an error line rather than
   * holding every later charge back. The rows stored go to the dashboard's buckets once committed.
   */
  async apply(entries: readonly JournalEntry[], cursorName: string | null): Promise<void> {
    let stored: LogRow[];
    try {
      stored = await this.applyOnce(entries, cursorName, false);
    } catch (error) {
      if (!isRefusedRow(error)) throw error;
      stored = await this.applyOnce(entries, cursorName, true);
    }
    this.dashboard.add(stored);
  }

  /** Answers the log rows it stored. */
  private applyOnce(entries: readonly JournalEntry[], cursorName: string | null, rowByRow: boolean) {
    return this.cursors.transaction(async (manager): Promise<LogRow[]> => {
      let fresh = entries;
      if (cursorName !== null) {
        const lastId = await this.cursors.lockedLastId(manager, cursorName);
        fresh = entries.filter((entry) => compareJournalIds(entry.id, lastId) > 0);
        if (fresh.length === 0) return [];
      }
      const batch = sumCharges(fresh);
      await this.users.applyQuotaDeltas(batch.users, manager);
      await this.tokens.applyQuotaDeltas(batch.tokens, manager);
      await this.channels.applyUsedQuotaDeltas(batch.channels, manager);
      const rows = fresh.flatMap((entry) => (entry.log === null ? [] : [JSON.parse(entry.log) as LogRow]));
      let stored = rows;
      if (rowByRow) stored = await this.insertEachAccepted(rows, manager);
      else await this.logs.recordMany(rows, manager);
      if (cursorName !== null) await this.cursors.advance(manager, cursorName, fresh[fresh.length - 1].id);
      return stored;
    });
  }

  private async insertEachAccepted(rows: LogRow[], manager: EntityManager): Promise<LogRow[]> {
    const accepted: LogRow[] = [];
    for (const row of rows) {
      const error = await this.cursors.inSavepoint(manager, () => this.logs.recordMany([row], manager));
      if (error === undefined) {
        accepted.push(row);
        continue;
      }
      if (!isRefusedRow(error)) throw error;
      this.logger.error(
        `log row dropped, the database refused it (user ${row.userId}; charge kept): ${error.message}`,
      );
    }
    return accepted;
  }
}
