import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { nowSeconds } from '../../infra/database/columns';
import { LogsService } from '../logs/logs.service';
import { QuotaDataRecorder } from '../logs/dashboard/quota-data-recorder';
import { OptionsService } from '../options/options.service';
import { type ConsumptionLog, consumptionRow, type ErrorLog, errorRow, type LogRow } from '../logs/log-rows';

export const LOG_FLUSH_INTERVAL_MS = 1000;
// A full batch is written at once instead of waiting for the timer.
const BATCH_SIZE = 500;
// While the database refuses writes, keep at most this many rows; the oldest go first.
const MAX_BUFFERED = 20_000;

/**
 * Error (type 6) and channel-test consumption logs, buffered and inserted in batches: the relay never waits on
 * the log table. A relayed call's consumption row goes with its charge instead (QuotaLedger.settle).
 */
@Injectable()
export class UsageRecorder implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(UsageRecorder.name);
  private buffer: LogRow[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly logs: LogsService,
    private readonly options: OptionsService,
    private readonly dashboard: QuotaDataRecorder,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flushQuietly(), LOG_FLUSH_INTERVAL_MS).unref();
  }

  /** Rows waiting for their batch insert. */
  get buffered(): number {
    return this.buffer.length;
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flushQuietly();
  }

  /**
   * A relayed call's row as JSON (time taken now), to travel with its charge through the ledger's journal;
   * null when LogConsumeEnabled is off.
   */
  consumptionLog(entry: ConsumptionLog): string | null {
    if (!this.options.getBoolean('LogConsumeEnabled')) return null;
    return JSON.stringify(consumptionRow(entry, nowSeconds()));
  }

  /** Queues the row (time taken now); dropped when LogConsumeEnabled is off. */
  recordConsumption(entry: ConsumptionLog): void {
    if (!this.options.getBoolean('LogConsumeEnabled')) return;
    this.queue(consumptionRow(entry, nowSeconds()));
  }

  /** Queues the row (time taken now); dropped unless LogErrorEnabled is on. */
  recordError(entry: ErrorLog): void {
    if (!this.options.getBoolean('LogErrorEnabled')) return;
    this.queue(errorRow(entry, nowSeconds()));
  }

  private queue(row: LogRow): void {
    this.buffer.push(row);
    if (this.buffer.length >= BATCH_SIZE) void this.flushQuietly();
  }

  /** Inserts everything buffered now; batches are written one after another. */
  flush(): Promise<void> {
    const run = this.writing.then(() => this.writeBuffer());
    this.writing = run.catch(() => undefined);
    return run;
  }

  private async writeBuffer(): Promise<void> {
    const batch = this.buffer;
    if (batch.length === 0) return;
    this.buffer = [];
    const unwritten = await this.writeAccepted(batch);
    if (unwritten.rows.length === 0) return;
    const kept = [...unwritten.rows, ...this.buffer];
    this.buffer = kept.slice(Math.max(0, kept.length - MAX_BUFFERED));
    throw unwritten.error;
  }

  /**
   * Writes the rows; a row the database refuses (too long, out of range) is dropped with an error line instead
   * of holding the whole batch back forever: the batch is halved until the refused rows are alone. Rows not
   * written because the database is unreachable come back to be retried.
   */
  private async writeAccepted(rows: LogRow[]): Promise<{ rows: LogRow[]; error?: unknown }> {
    try {
      await this.logs.recordMany(rows);
      this.dashboard.add(rows);
      return { rows: [] };
    } catch (error) {
      if (!isRefusedRow(error)) return { rows, error };
      if (rows.length === 1) {
        const [row] = rows;
        this.logger.error(
          `log row dropped, the database refused it (type ${row.type}, user ${row.userId}): ${String(error)}`,
        );
        return { rows: [] };
      }
      const half = Math.ceil(rows.length / 2);
      const first = await this.writeAccepted(rows.slice(0, half));
      if (first.rows.length > 0) return { rows: [...first.rows, ...rows.slice(half)], error: first.error };
      return this.writeAccepted(rows.slice(half));
    }
  }

  private async flushQuietly(): Promise<void> {
    try {
      await this.flush();
    } catch (error) {
      this.logger.error(`usage log batch failed, retrying next window: ${String(error)}`);
    }
  }
}

// SQLSTATE classes 22 (data exception), 23 (integrity constraint) and 54 (program limit): the rows, not
// the connection; SQLite's constraint and type errors likewise.
const REFUSED_ROW_CODE = /^(2[23]|54)[0-9A-Z]{3}$|^SQLITE_(CONSTRAINT|MISMATCH|TOOBIG|RANGE)/;

export function isRefusedRow(error: unknown): boolean {
  const failure = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = failure?.driverError?.code ?? failure?.code;
  return typeof code === 'string' && REFUSED_ROW_CODE.test(code);
}
