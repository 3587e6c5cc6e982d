import { Injectable, type OnModuleInit } from '@nestjs/common';
import { GatewayMetrics } from '../../infra/metrics/gateway-metrics';
import { LedgerJournal } from './journal/ledger-journal';
import { UsageRecorder } from './usage-recorder';

/** The write-behind side of billing as Prometheus gauges, read when scraped (nothing on the relay's path). */
@Injectable()
export class LedgerMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: GatewayMetrics,
    private readonly journal: LedgerJournal,
    private readonly recorder: UsageRecorder,
  ) {}

  onModuleInit(): void {
    // In Redis mode the journal is shared: every replica reports the same backlog.
    this.metrics.gauge(
      'tollgate_ledger_backlog_charges',
      'Settled charges (with their log rows) not yet applied to the database',
      [],
      async () => [{ value: (await this.journal.backlog()).charges }],
    );
    this.metrics.gauge(
      'tollgate_ledger_flush_lag_seconds',
      'Age of the oldest charge not yet applied to the database (0 when none waits)',
      [],
      async () => {
        const { oldestAt } = await this.journal.backlog();
        return [{ value: oldestAt === null ? 0 : Math.max(0, Date.now() - oldestAt) / 1000 }];
      },
    );
    this.metrics.gauge(
      'tollgate_log_buffer_rows',
      'Error and channel-test log rows of this process waiting for their batch insert',
      [],
      () => Promise.resolve([{ value: this.recorder.buffered }]),
    );
  }
}
