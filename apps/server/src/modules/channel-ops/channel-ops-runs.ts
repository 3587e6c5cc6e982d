import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type ChannelOpsProgress } from '@tollgate/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { type JobName } from '../../infra/queue/job-registry';
import { type JobContext, JobQueue } from '../../infra/queue/queue.port';
import { CacheStore } from '../../infra/redis/redis.ports';
import { channelOpsError } from './channel-ops.errors';
import {
  advanced,
  finished,
  type OpsKind,
  OpsRunState,
  startedProgress,
  type StepOutcome,
} from './ops-progress';

const JOB_OF: Record<OpsKind, JobName> = { test: 'channel-test', balance: 'channel-balance' };
// The console's runs share one id per kind: a second click while one waits adds nothing.
const CONSOLE_JOB_ID: Record<OpsKind, string> = { test: 'channel-test-all', balance: 'channel-balance-all' };
const BUSY = { test: 'test_all_already_running', balance: 'balance_all_already_running' } as const;
const UNFINISHED = new Set(['waiting', 'delayed', 'active']);

export interface RunPlan {
  /** The channels to visit, read once the run holds its lock. */
  ids(): Promise<number[]>;
  /** One channel; never throws (a failure is an outcome). */
  step(id: number, signal: AbortSignal): Promise<StepOutcome>;
  /** Pause between two channels. */
  gapMs: number;
}

/** Runs over all channels ("test all", "update all balances"): queued from the console or a schedule. */
@Injectable()
export class ChannelOpsRuns implements OnModuleDestroy {
  private readonly logger = new Logger(ChannelOpsRuns.name);
  private readonly states: Record<OpsKind, OpsRunState>;
  // Shutdown ends a run after its current channel instead of holding the queue's close until the last one.
  private readonly stopping = new AbortController();

  constructor(
    cache: CacheStore,
    private readonly queue: JobQueue,
  ) {
    this.states = { test: new OpsRunState(cache, 'test'), balance: new OpsRunState(cache, 'balance') };
  }

  onModuleDestroy(): void {
    this.stopping.abort();
  }

  /** Queues a run for the console; refused while one is queued or working. */
  async start(kind: OpsKind): Promise<ChannelOpsProgress> {
    if (await this.busy(kind)) throw channelOpsError(BUSY[kind]);
    const progress = startedProgress(0);
    await this.states[kind].write(progress);
    await this.queue.add(JOB_OF[kind], { channelId: null }, { jobId: CONSOLE_JOB_ID[kind] });
    return this.withWorker(kind, progress);
  }

  async progress(kind: OpsKind): Promise<ChannelOpsProgress> {
    const progress = await this.states[kind].read();
    // A run that died leaves its record "running"; its lock has expired by then.
    if (progress.running && !(await this.busy(kind))) return { ...progress, running: false };
    return this.withWorker(kind, progress);
  }

  // Said on every read, never stored: a worker may come or go while the record stands.
  private async withWorker(kind: OpsKind, progress: ChannelOpsProgress): Promise<ChannelOpsProgress> {
    const waiting = progress.running && !(await this.queue.hasWorker(JOB_OF[kind]));
    return { ...progress, waiting_for_worker: waiting };
  }

  /** Works through the channels one at a time; null when another run holds the lock. */
  async run(kind: OpsKind, plan: RunPlan, ctx: JobContext): Promise<ChannelOpsProgress | null> {
    const state = this.states[kind];
    if (!(await state.claim())) return null;
    const signal = this.stopping.signal;
    try {
      const ids = await plan.ids();
      let progress = startedProgress(ids.length);
      await state.write(progress);
      for (const [index, id] of ids.entries()) {
        if (index > 0 && plan.gapMs > 0)
          await sleep(plan.gapMs, undefined, { signal }).catch(() => undefined);
        if (signal.aborted) break;
        progress = advanced(progress, await plan.step(id, signal));
        await state.write(progress);
        await state.renew();
        await ctx.progress(Math.floor((progress.done * 100) / ids.length));
      }
      progress = finished(progress);
      await state.write(progress);
      this.logger.log(
        `${kind} run: ${progress.succeeded} succeeded, ${progress.failed} failed, ${progress.skipped} skipped`,
      );
      return progress;
    } finally {
      await state.release();
    }
  }

  private async busy(kind: OpsKind): Promise<boolean> {
    if (await this.states[kind].locked()) return true;
    const queued = await this.queue.get(JOB_OF[kind], CONSOLE_JOB_ID[kind]);
    return queued !== null && UNFINISHED.has(queued.state);
  }
}
