import { type ChannelOpsProgress, IDLE_PROGRESS } from '@tollgate/contracts';
import { nowSeconds } from '../../infra/database/columns';
import { type CacheStore } from '../../infra/redis/redis.ports';

export type OpsKind = 'test' | 'balance';

/** How one channel of a run ended. */
export type StepOutcome = 'succeeded' | 'failed' | 'skipped';

// A run holds its lock while it works and renews it after every channel; a crashed run frees it by expiry.
const LOCK_TTL_SECONDS = 10 * 60;
// Long enough for the console to show the last run's counts the next day.
const PROGRESS_TTL_SECONDS = 7 * 24 * 3600;

/**
 * The lock and the progress record of one kind of run over all channels, in the shared cache so that any
 * replica can answer the console and only one run works at a time across replicas.
 */
export class OpsRunState {
  private readonly lockKey: string;
  private readonly progressKey: string;

  constructor(
    private readonly cache: CacheStore,
    kind: OpsKind,
  ) {
    this.lockKey = `channel-ops:${kind}:lock`;
    this.progressKey = `channel-ops:${kind}:progress`;
  }

  /** True when this caller now holds the lock. */
  async claim(): Promise<boolean> {
    return (await this.cache.incrBy(this.lockKey, 1, LOCK_TTL_SECONDS)) === 1;
  }

  async renew(): Promise<void> {
    await this.cache.set(this.lockKey, '1', LOCK_TTL_SECONDS);
  }

  async release(): Promise<void> {
    await this.cache.del(this.lockKey);
  }

  async locked(): Promise<boolean> {
    return (await this.cache.get(this.lockKey)) !== null;
  }

  async read(): Promise<ChannelOpsProgress> {
    const stored = await this.cache.get(this.progressKey);
    return stored === null ? { ...IDLE_PROGRESS } : (JSON.parse(stored) as ChannelOpsProgress);
  }

  async write(progress: ChannelOpsProgress): Promise<void> {
    await this.cache.set(this.progressKey, JSON.stringify(progress), PROGRESS_TTL_SECONDS);
  }
}

export const startedProgress = (total: number): ChannelOpsProgress => ({
  ...IDLE_PROGRESS,
  running: true,
  total,
  started_at: nowSeconds(),
});

export const advanced = (progress: ChannelOpsProgress, outcome: StepOutcome): ChannelOpsProgress => ({
  ...progress,
  done: progress.done + 1,
  [outcome]: progress[outcome] + 1,
});

export const finished = (progress: ChannelOpsProgress): ChannelOpsProgress => ({
  ...progress,
  running: false,
  finished_at: nowSeconds(),
});
