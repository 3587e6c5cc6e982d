import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { LogType } from '@tollgate/contracts';
import { OptionsService } from '../../options/options.service';
import { type LogRow } from '../log-rows';
import { QuotaBuckets } from './quota-buckets';
import { QuotaDataRepository } from './quota-data.repository';

// How often the flush timer looks at the clock and at DataExportInterval (an edit applies within a tick).
const TICK_MS = 1000;
const MINUTE_MS = 60_000;

/**
 * The data dashboard's writer (reference §10): consumption rows the database has stored add to hourly buckets
 * in memory while DataExportEnabled is on; every DataExportInterval minutes, and when the process stops (after
 * the ledger's last drain: this module is imported by billing, so Nest stops it later), the buckets are added
 * to quota_data as increments. Buckets gathered before the option was turned off are still flushed.
 */
@Injectable()
export class QuotaDataRecorder implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(QuotaDataRecorder.name);
  private readonly buckets = new QuotaBuckets();
  private lastFlushAt = Date.now();
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repository: QuotaDataRepository,
    private readonly options: OptionsService,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => this.tick(), TICK_MS).unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flushQuietly();
  }

  /**
   * Log rows just stored in the database; only consumption rows count. Never throws: the caller's rows are
   * committed already, and a drain that failed here would be applied again.
   */
  add(rows: readonly LogRow[]): void {
    if (!this.options.getBoolean('DataExportEnabled')) return;
    try {
      for (const row of rows) {
        if (row.type !== LogType.Consume) continue;
        this.buckets.add({
          userId: row.userId,
          username: row.username ?? '',
          modelName: row.modelName ?? '',
          createdAt: row.createdAt,
          tokens: (row.promptTokens ?? 0) + (row.completionTokens ?? 0),
          quota: row.quota ?? 0,
        });
      }
    } catch (error) {
      this.logger.error(`dashboard buckets missed ${rows.length} log rows: ${String(error)}`);
    }
  }

  /**
   * Adds every bucket to the table now; flushes run one after another, and the next timed one comes an interval
   * after this. A failed flush keeps its buckets for the next.
   */
  flush(): Promise<void> {
    this.lastFlushAt = Date.now();
    const run = this.flushing.then(() => this.writeBuckets());
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private tick(): void {
    const intervalMs = Math.max(1, this.options.getNumber('DataExportInterval')) * MINUTE_MS;
    if (Date.now() - this.lastFlushAt >= intervalMs) void this.flushQuietly();
  }

  private async writeBuckets(): Promise<void> {
    const taken = this.buckets.take();
    try {
      await this.repository.addAll(taken);
    } catch (error) {
      this.buckets.restore(taken);
      throw error;
    }
  }

  private async flushQuietly(): Promise<void> {
    try {
      await this.flush();
    } catch (error) {
      this.logger.error(`dashboard buckets not saved, kept for the next flush: ${String(error)}`);
    }
  }
}
