import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { LogType } from '@tollgate/contracts';
import { nowSeconds } from '../../infra/database/columns';
import { LogsService } from '../logs/logs.service';
import { OptionsService } from '../options/options.service';
import { type ConsumptionLog } from './billing.types';

export const LOG_FLUSH_INTERVAL_MS = 1000;
// A full batch is written at once instead of waiting for the timer.
const BATCH_SIZE = 500;
// While the database refuses writes, keep at most this many rows; the oldest go first.
const MAX_BUFFERED = 20_000;

type LogRow = Parameters<LogsService['recordMany']>[0][number];

/** The row of a consumption event; `other` is stored as JSON text. */
export function consumptionRow(entry: ConsumptionLog, createdAt: number): LogRow {
  return {
    type: LogType.Consume,
    createdAt,
    userId: entry.userId,
    username: entry.username,
    tokenId: entry.tokenId,
    tokenName: entry.tokenName,
    modelName: entry.modelName,
    group: entry.group,
    channel: entry.channelId,
    isStream: entry.isStream,
    useTime: entry.useTime,
    promptTokens: entry.promptTokens,
    completionTokens: entry.completionTokens,
    quota: entry.quota,
    content: entry.content,
    ip: entry.ip ?? '',
    other: JSON.stringify(entry.other),
  };
}

/** Consumption logs (type 2), buffered and inserted in batches: the relay never waits on the log table. */
@Injectable()
export class UsageRecorder implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(UsageRecorder.name);
  private buffer: LogRow[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly logs: LogsService,
    private readonly options: OptionsService,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flushQuietly(), LOG_FLUSH_INTERVAL_MS).unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flushQuietly();
  }

  /** Queues the row (time taken now); dropped when LogConsumeEnabled is off. */
  recordConsumption(entry: ConsumptionLog): void {
    if (!this.options.getBoolean('LogConsumeEnabled')) return;
    this.buffer.push(consumptionRow(entry, nowSeconds()));
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
    try {
      await this.logs.recordMany(batch);
    } catch (error) {
      const kept = [...batch, ...this.buffer];
      this.buffer = kept.slice(Math.max(0, kept.length - MAX_BUFFERED));
      throw error;
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
