import { setImmediate as nextTurn } from 'node:timers/promises';
import { type AppConfig } from '../config/app-config';
import { type JobName, type JobPayloads } from './job-registry';
import {
  assertCustomJobId,
  assertFirstHandler,
  assertJobsHandled,
  FINISHED_JOB_RETENTION,
} from './job-rules';
import {
  type AddJobOptions,
  type JobContext,
  type JobDepth,
  type JobHandler,
  type JobQueue,
  type JobState,
  type JobView,
  type QueueReadiness,
} from './queue.port';

type StoredHandler = (payload: unknown, ctx: JobContext) => Promise<unknown>;

interface LiveJob {
  id: string;
  payload: unknown;
  state: 'waiting' | 'active' | 'delayed';
  progress: number;
  delay?: NodeJS.Timeout;
}

interface FinishedJob {
  view: JobView;
  finishedAt: number;
}

/** Everything about one job name: its handler, its line of waiting jobs (run one at a time) and recent results. */
interface Lane {
  name: JobName;
  handler?: StoredHandler;
  live: Map<string, LiveJob>;
  waiting: LiveJob[];
  finished: Map<string, FinishedJob>;
  draining?: Promise<void>;
  schedule?: NodeJS.Timeout;
}

/** Embedded-mode runner: the same port as BullMQ, with jobs kept in this process's memory. */
export class InProcessJobQueue implements JobQueue {
  private readonly lanes = new Map<JobName, Lane>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly config: AppConfig) {}

  add<N extends JobName>(name: N, payload: JobPayloads[N], options: AddJobOptions = {}): Promise<string> {
    return Promise.resolve().then(() => {
      if (this.closed) throw new Error('the job queue is closed');
      if (options.jobId !== undefined) assertCustomJobId(options.jobId);
      return this.enqueue(name, payload, options);
    });
  }

  process<N extends JobName, R>(name: N, handler: JobHandler<N, R>): void {
    if (!this.config.runsWorkers) return;
    const lane = this.lane(name);
    assertFirstHandler(name, lane.handler !== undefined);
    // Only add() and schedule() with this name feed this lane, so its payloads are JobPayloads[N].
    lane.handler = (payload, ctx) => handler(payload as JobPayloads[N], ctx);
    this.drain(lane);
  }

  assertEveryJobHandled(): void {
    if (!this.config.runsWorkers) return;
    assertJobsHandled((name) => this.lanes.get(name)?.handler !== undefined);
  }

  schedule<N extends JobName>(name: N, payload: JobPayloads[N], intervalMs: number): Promise<void> {
    const lane = this.lane(name);
    clearInterval(lane.schedule);
    // A fixed id: a tick while the previous run is still waiting or running adds nothing.
    const tick = () => this.enqueue(name, payload, { jobId: `${name}-scheduled` });
    tick();
    lane.schedule = setInterval(tick, intervalMs).unref();
    return Promise.resolve();
  }

  get<R = unknown>(name: JobName, id: string): Promise<JobView<R> | null> {
    const lane = this.lanes.get(name);
    if (!lane) return Promise.resolve(null);
    const live = lane.live.get(id);
    if (live) {
      return Promise.resolve({
        id,
        name,
        state: live.state,
        progress: live.progress,
        result: null,
        failedReason: null,
      });
    }
    pruneFinished(lane);
    // Results are stored as the handler returned them; R is the caller's statement of that type.
    return Promise.resolve((lane.finished.get(id)?.view as JobView<R> | undefined) ?? null);
  }

  hasWorker(name: JobName): Promise<boolean> {
    return Promise.resolve(!this.closed && this.lanes.get(name)?.handler !== undefined);
  }

  readiness(): QueueReadiness {
    const handled = [...this.lanes.values()].some((lane) => lane.handler !== undefined);
    return { connection: 'ok', workers: !handled ? 'none' : this.closed ? 'stopped' : 'running' };
  }

  depths(): Promise<JobDepth[]> {
    const depths: JobDepth[] = [];
    for (const lane of this.lanes.values()) {
      pruneFinished(lane);
      const count = (state: JobState, n: number) => depths.push({ name: lane.name, state, count: n });
      for (const state of ['waiting', 'active', 'delayed'] as const)
        count(state, [...lane.live.values()].filter((job) => job.state === state).length);
      for (const state of ['completed', 'failed'] as const)
        count(state, [...lane.finished.values()].filter((job) => job.view.state === state).length);
    }
    return Promise.resolve(depths);
  }

  /** Stops timers and waits for running handlers, like a BullMQ worker's graceful close. */
  async close(): Promise<void> {
    this.closed = true;
    for (const lane of this.lanes.values()) {
      clearInterval(lane.schedule);
      for (const job of lane.live.values()) clearTimeout(job.delay);
    }
    await Promise.all([...this.lanes.values()].map((lane) => lane.draining ?? Promise.resolve()));
  }

  private enqueue(name: JobName, payload: unknown, { jobId, delayMs }: AddJobOptions): string {
    const lane = this.lane(name);
    const id = jobId ?? String(this.nextId++);
    if (lane.live.has(id)) return id;
    lane.finished.delete(id);
    const job: LiveJob = { id, payload, state: 'waiting', progress: 0 };
    lane.live.set(id, job);
    if (delayMs && delayMs > 0) {
      job.state = 'delayed';
      job.delay = setTimeout(() => this.release(lane, job), delayMs).unref();
    } else {
      this.release(lane, job);
    }
    return id;
  }

  private release(lane: Lane, job: LiveJob): void {
    job.state = 'waiting';
    lane.waiting.push(job);
    this.drain(lane);
  }

  private drain(lane: Lane): void {
    if (lane.draining || !lane.handler || this.closed || lane.waiting.length === 0) return;
    lane.draining = this.runWaiting(lane).finally(() => {
      lane.draining = undefined;
      // Jobs added while the last one was finishing would otherwise wait for the next add().
      this.drain(lane);
    });
  }

  private async runWaiting(lane: Lane): Promise<void> {
    // Like a real queue, a handler never runs inside the add() that enqueued its job.
    await nextTurn();
    for (;;) {
      const [job] = lane.waiting;
      if (this.closed || !lane.handler || !job) return;
      lane.waiting.shift();
      await this.run(lane, lane.handler, job);
    }
  }

  private async run(lane: Lane, handler: StoredHandler, job: LiveJob): Promise<void> {
    job.state = 'active';
    const ctx: JobContext = {
      id: job.id,
      progress: (percent) => {
        job.progress = percent;
        return Promise.resolve();
      },
    };
    let outcome: Pick<JobView, 'state' | 'result' | 'failedReason'>;
    try {
      outcome = { state: 'completed', result: (await handler(job.payload, ctx)) ?? null, failedReason: null };
    } catch (error) {
      outcome = {
        state: 'failed',
        result: null,
        failedReason: error instanceof Error ? error.message : String(error),
      };
    }
    lane.live.delete(job.id);
    lane.finished.set(job.id, {
      view: { id: job.id, name: lane.name, progress: job.progress, ...outcome },
      finishedAt: Date.now(),
    });
    pruneFinished(lane);
  }

  private lane(name: JobName): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = { name, live: new Map(), waiting: [], finished: new Map() };
      this.lanes.set(name, lane);
    }
    return lane;
  }
}

/** Finished jobs are kept in finishing order, so the stale and the surplus are always at the front. */
function pruneFinished(lane: Lane): void {
  const cutoff = Date.now() - FINISHED_JOB_RETENTION.ageSeconds * 1000;
  for (const [id, finished] of lane.finished) {
    if (lane.finished.size <= FINISHED_JOB_RETENTION.count && finished.finishedAt > cutoff) return;
    lane.finished.delete(id);
  }
}
