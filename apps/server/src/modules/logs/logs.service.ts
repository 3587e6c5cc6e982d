import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import {
  LOG_EXACT_TOTAL_LIMIT,
  LOG_RATE_WINDOW_SECONDS,
  LOG_RETENTION_OPTION,
  type LogPage,
  type LogStat,
  type LogType,
} from '@tollgate/contracts';
import { type PageWindow } from '../../common/http/pagination';
import { nowSeconds } from '../../infra/database/columns';
import { OptionsService } from '../options/options.service';
import { type LogEntity } from './log.entity';
import { type LogFilter } from './log-queries';
import { toAdminLogItem, toOwnLogItem } from './logs.mapper';
import { LogsRepository } from './logs.repository';
import { logError } from './logs.errors';

/** What a caller states about an event; the time is taken here. */
export type LogRecord = { type: LogType; userId: number } & Partial<
  Omit<LogEntity, 'id' | 'createdAt' | 'type' | 'userId'>
>;

/** Whose rows a page shows: every user's (with channels) or the caller's own (without). */
export type LogView = 'admin' | 'own';

const DAY_SECONDS = 86_400;
// A clear "up to the end of today" in the operator's zone may lie up to a day ahead of the server's clock; a time
// beyond that is a mistake (a year typed wrong) that would delete every row.
const FUTURE_TOLERANCE_SECONDS = DAY_SECONDS;
// Rows per DELETE: each statement holds its locks (SQLite: the one connection) for tens of milliseconds only.
const DELETE_BATCH = 5_000;

/**
 * Writes log rows (other modules record events through it and never touch the table) and reads them for the
 * log pages and stats (spec 001 §7 Logs, reference §10).
 */
@Injectable()
export class LogsService {
  constructor(
    private readonly logs: LogsRepository,
    private readonly options: OptionsService,
  ) {}

  record(entry: LogRecord): Promise<void> {
    return this.logs.insert({ ...entry, createdAt: nowSeconds() });
  }

  /** Many rows at once (batched usage logs); each carries the time of its event. */
  recordMany(entries: Array<LogRecord & { createdAt: number }>, manager?: EntityManager): Promise<void> {
    return this.logs.insertMany(entries, manager);
  }

  /**
   * A page, newest first. `total` is exact up to LOG_EXACT_TOTAL_LIMIT rows (a count that stops there), above
   * that an estimate (`total_exact: false`), so no page view counts millions of rows.
   */
  async listPage(filter: LogFilter, window: PageWindow, view: LogView): Promise<LogPage> {
    assertTimeRange(filter);
    const [rows, counted] = await Promise.all([
      this.logs.listPage(filter, window, view === 'admin'),
      this.logs.countUpTo(filter, LOG_EXACT_TOTAL_LIMIT + 1),
    ]);
    const items = rows.map(view === 'admin' ? toAdminLogItem : toOwnLogItem);
    const page = { items, page: window.offset / window.limit + 1, page_size: window.limit };
    if (counted <= LOG_EXACT_TOTAL_LIMIT) return { ...page, total: counted, total_exact: true };
    // Never below what was seen: the rows before this page, this page, and one more if it came full.
    const seen = window.offset + items.length + (items.length === window.limit ? 1 : 0);
    const estimate = (await this.logs.estimateCount(filter)) ?? 0;
    return { ...page, total: Math.max(estimate, seen, LOG_EXACT_TOTAL_LIMIT + 1), total_exact: false };
  }

  /** Reference §10: sums over the filter's consumption rows; RPM/TPM over the last minute's. */
  async stat(filter: LogFilter): Promise<LogStat> {
    assertTimeRange(filter);
    const [totals, rate] = await Promise.all([
      this.logs.consumptionTotals(filter),
      this.logs.consumptionSince(filter, nowSeconds() - LOG_RATE_WINDOW_SECONDS),
    ]);
    return {
      quota: totals.quota,
      token_total: totals.promptTokens + totals.completionTokens,
      prompt_tokens: totals.promptTokens,
      completion_tokens: totals.completionTokens,
      rpm: rate.requests,
      tpm: rate.tokens,
    };
  }

  /** Deletes every row created before `target` (epoch seconds) in paced small batches; answers how many went. */
  async deleteBefore(target: number | undefined): Promise<number> {
    if (!target) throw logError('target_timestamp_required');
    if (target > nowSeconds() + FUTURE_TOLERANCE_SECONDS) throw logError('target_timestamp_in_future');
    let deleted = 0;
    for (;;) {
      const started = performance.now();
      const batch = await this.logs.deleteBatchBefore(target, DELETE_BATCH);
      deleted += batch;
      if (batch < DELETE_BATCH) return deleted;
      // Rest as long as the batch took, so a deletion takes at most half of the database's time whatever the load
      // (back to back, the batches saturated it: the relay's p99 rose by a third while a million rows went in
      // 21 s). The relay's inserts and the console's reads have it to themselves meanwhile.
      await sleep(performance.now() - started);
    }
  }

  /** The retention rule: rows older than LogRetentionDays go; 0 keeps everything. Answers how many went. */
  async applyRetention(): Promise<number> {
    const days = Math.floor(this.options.getNumber(LOG_RETENTION_OPTION));
    if (days <= 0) return 0;
    return this.deleteBefore(nowSeconds() - days * DAY_SECONDS);
  }
}

function assertTimeRange({ start, end }: LogFilter): void {
  if (start && end && start > end) throw logError('invalid_time_range');
}
