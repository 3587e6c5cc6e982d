import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ChannelStatus } from '@tollgate/contracts';
import { PubSub, type Unsubscribe } from '../../../infra/redis/redis.ports';
import { CHANNELS_CHANGED } from '../../channels/channel-events';
import { ChannelsService } from '../../channels/channels.service';
import { type RoutedChannel, RoutingTable, toRoutedChannel } from './routing-table';
import { type RoutingChannelRow } from '../../channels/routing-snapshot';

// Reference §2.1 SYNC_FREQUENCY: the safety net for a lost channels:changed notice.
const RESYNC_MS = 60_000;
// Opening keys costs a query per channel: only a few at once, and only when the sealed text changed.
const KEY_LOADS_IN_PARALLEL = 8;
// A rebuild that failed (the database unreachable) is tried again after these waits, the last one repeated,
// rather than leaving the table stale until the next notice or resync.
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

interface OpenedKeys {
  sealed: string;
  keys: readonly string[];
}

/** The routing table every relay request reads; rebuilt whole in the background and swapped atomically. */
@Injectable()
export class RoutingCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(RoutingCache.name);
  private current = RoutingTable.empty();
  private readonly openedKeys = new Map<number, OpenedKeys>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private failedRebuilds = 0;
  private stopped = false;
  private unsubscribe: Unsubscribe | undefined;

  constructor(
    private readonly channels: ChannelsService,
    private readonly pubsub: PubSub,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.unsubscribe = await this.pubsub.subscribe(CHANNELS_CHANGED, () => this.reloadInBackground());
    this.timer = setInterval(() => this.reloadInBackground(), RESYNC_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.retryTimer);
    await this.unsubscribe?.();
    await this.running;
  }

  table(): RoutingTable {
    return this.current;
  }

  /**
   * Rebuilds the table; a call during a rebuild makes that rebuild run once more, so no change is missed. A
   * failed rebuild leaves the table in use as it was and is tried again later.
   */
  reload(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.rebuildUntilSettled()
      .then(
        () => this.rebuilt(),
        (error: unknown) => {
          this.rebuildFailed(error);
          throw error;
        },
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  // reload() logs and retries its failures.
  private reloadInBackground(): void {
    this.reload().catch(() => undefined);
  }

  private rebuilt(): void {
    if (this.failedRebuilds === 0) return;
    this.logger.log(`routing table rebuilt after ${this.failedRebuilds} failed attempts`);
    this.failedRebuilds = 0;
  }

  /** Logs the first failure of a run of them, and tries again after a wait that grows with the run. */
  private rebuildFailed(error: unknown): void {
    if (this.failedRebuilds === 0)
      this.logger.error(
        `routing reload failed, the table in use stays until a retry works: ${String(error)}`,
      );
    this.failedRebuilds += 1;
    if (this.retryTimer || this.stopped) return;
    const wait = RETRY_MS[Math.min(this.failedRebuilds, RETRY_MS.length) - 1];
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.reloadInBackground();
    }, wait);
    this.retryTimer.unref();
  }

  private async rebuildUntilSettled(): Promise<void> {
    do {
      this.again = false;
      this.current = await this.load();
    } while (this.again);
  }

  private async load(): Promise<RoutingTable> {
    const { channels: rows, abilities } = await this.channels.routingSnapshot();
    const present = new Set(rows.map((row) => row.id));
    for (const id of this.openedKeys.keys()) if (!present.has(id)) this.openedKeys.delete(id);
    const channels: RoutedChannel[] = [];
    for (let i = 0; i < rows.length; i += KEY_LOADS_IN_PARALLEL) {
      const batch = rows.slice(i, i + KEY_LOADS_IN_PARALLEL);
      channels.push(
        ...(await Promise.all(batch.map(async (row) => toRoutedChannel(row, await this.keysOf(row))))),
      );
    }
    return RoutingTable.build(channels, abilities);
  }

  // Disabled channels are never picked: their keys are not opened (nor kept) at all.
  private async keysOf(row: RoutingChannelRow): Promise<readonly string[]> {
    if (row.status !== ChannelStatus.Enabled) {
      this.openedKeys.delete(row.id);
      return [];
    }
    const opened = this.openedKeys.get(row.id);
    if (opened?.sealed === row.key) return opened.keys;
    try {
      const keys = await this.channels.openKeys(row.id);
      this.openedKeys.set(row.id, { sealed: row.key, keys });
      return keys;
    } catch (error) {
      // Deleted since the list was read (its notice triggers another rebuild), or a key that no longer opens.
      this.logger.error(`keys of channel #${row.id} unavailable: ${String(error)}`);
      return [];
    }
  }
}
