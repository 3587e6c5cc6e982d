import { Logger } from '@nestjs/common';
import { KEEP_ALIVE_INTERVAL_MS } from './journal/journal-timing';
import { type LedgerJournal } from './journal/ledger-journal';
import { type QuotaStore } from './quota-store';

/** Drain window: the database trails the journal by at most this much. */
export const FLUSH_INTERVAL_MS = 1000;
// Charges applied per database transaction.
const DRAIN_BATCH = 500;

/**
 * The journal's way to the database: every process drains it each window, one transaction a batch, exactly
 * once (the journal's cursor and acknowledgements), and says every few seconds that it is alive (the holds of
 * one that stops saying so are given back by the others).
 */
export class JournalDrain {
  private readonly logger = new Logger(JournalDrain.name);
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly journal: LedgerJournal,
    private readonly store: QuotaStore,
  ) {}

  start(): void {
    this.timers = [
      setInterval(() => void this.flushQuietly(), FLUSH_INTERVAL_MS).unref(),
      setInterval(() => void this.keepAliveQuietly(), KEEP_ALIVE_INTERVAL_MS).unref(),
    ];
    void this.keepAliveQuietly();
  }

  /** Stops the windows and drains what is left. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.flushQuietly();
  }

  /** Applies every charge in the journal to the database now. */
  async flush(): Promise<void> {
    while ((await this.drainOnce()) === DRAIN_BATCH);
  }

  private drainOnce(): Promise<number> {
    return this.journal.exclusive(async () => {
      const entries = await this.journal.entries(DRAIN_BATCH);
      if (entries.length === 0) return 0;
      await this.store.apply(entries, this.journal.cursorName);
      await this.journal.acknowledge(entries);
      return entries.length;
    });
  }

  private async flushQuietly(): Promise<void> {
    try {
      await this.flush();
    } catch (error) {
      this.logger.error(`applying the quota journal failed, retrying next window: ${String(error)}`);
    }
  }

  private async keepAliveQuietly(): Promise<void> {
    try {
      await this.journal.keepAlive();
    } catch (error) {
      this.logger.error(`quota journal keep-alive failed: ${String(error)}`);
    }
  }
}
