import { type Job, type JobState as BullJobState, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type AppConfig } from '../config/app-config';
import { closeRedis, failFastOnceConnected, logOutages, RECONNECT } from '../redis/redis-connections';
import { JOB_NAMES, type JobName, type JobPayloads } from './job-registry';
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
import { RedisWorkerPresence } from './worker-presence';

export type QueueErrorLogger = (source: string, error: Error) => void;

type AnyQueue = Queue<unknown, unknown, JobName>;
type AnyJob = Job<unknown, unknown, JobName>;

// Every state BullMQ keeps a job in; prioritized and waiting-children ones count as waiting.
const BULL_STATES: BullJobState[] = [
  'waiting',
  'prioritized',
  'waiting-children',
  'active',
  'delayed',
  'completed',
  'failed',
];

const KEEP_FINISHED = { age: FINISHED_JOB_RETENTION.ageSeconds, count: FINISHED_JOB_RETENTION.count };

function toJobState(state: BullJobState | 'unknown'): JobState | null {
  switch (state) {
    case 'waiting':
    case 'active':
    case 'completed':
    case 'failed':
    case 'delayed':
      return state;
    case 'prioritized':
    case 'waiting-children':
      return 'waiting';
    case 'unknown':
      return null;
  }
}

function contextOf(job: AnyJob): JobContext {
  return { id: job.id ?? '', progress: (percent) => job.updateProgress(percent) };
}

/**
 * One BullMQ queue per job name, so a slow kind of job never holds up the others. Jobs are added and read on
 * a connection that fails at once while Redis is lost (the caller answers 503 instead of waiting); workers
 * have their own, whose blocking reads wait through a reconnect.
 */
export class BullmqJobQueue implements JobQueue {
  private readonly producer: Redis;
  private readonly consumer: Redis;
  private readonly prefix: string;
  private readonly queues = new Map<JobName, AnyQueue>();
  private readonly workers = new Map<JobName, Worker<unknown, unknown, JobName>>();
  private readonly presence: RedisWorkerPresence;

  constructor(
    private readonly config: AppConfig,
    private readonly logError: QueueErrorLogger,
  ) {
    if (!config.redisUrl) throw new Error('REDIS_URL is not configured');
    this.producer = new Redis(config.redisUrl, {
      connectionName: 'tollgate-queue',
      lazyConnect: false,
      ...RECONNECT,
    });
    failFastOnceConnected(this.producer);
    // BullMQ requires this for workers: their blocking commands must wait through a reconnect instead of failing.
    this.consumer = new Redis(config.redisUrl, {
      connectionName: 'tollgate-worker',
      lazyConnect: !config.runsWorkers,
      maxRetriesPerRequest: null,
      ...RECONNECT,
    });
    logOutages(this.producer, 'queue connection', logError);
    logOutages(this.consumer, 'worker connection', logError);
    // BullMQ joins prefix and queue name with its own ":".
    this.prefix = config.redisPrefix.replace(/:+$/, '');
    // A BullMQ queue first waits for its connection to be ready: made during an outage, it would hang.
    for (const name of JOB_NAMES) this.queues.set(name, this.newQueue(name));
    this.presence = new RedisWorkerPresence(this.producer, config.redisPrefix, (error) =>
      this.logOnline(this.producer, 'worker heartbeat', error),
    );
  }

  async add<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: AddJobOptions = {},
  ): Promise<string> {
    if (options.jobId !== undefined) {
      assertCustomJobId(options.jobId);
      await this.releaseFinished(name, options.jobId);
    }
    const job = await this.queue(name).add(name, payload, { jobId: options.jobId, delay: options.delayMs });
    if (!job.id) throw new Error(`BullMQ returned no id for a "${name}" job`);
    return job.id;
  }

  process<N extends JobName, R>(name: N, handler: JobHandler<N, R>): void {
    if (!this.config.runsWorkers) return;
    assertFirstHandler(name, this.workers.has(name));
    const worker = new Worker<unknown, unknown, JobName>(
      name,
      // Only add() and schedule() with this name feed this queue, so its data is JobPayloads[N].
      (job) => handler(job.data as JobPayloads[N], contextOf(job)),
      { connection: this.consumer, prefix: this.prefix },
    );
    worker.on('error', (error) => this.logOnline(this.consumer, `worker ${name}`, error));
    this.workers.set(name, worker);
    // Announces the queues whose workers are running, from the first handler on.
    this.presence.start(() => [...this.workers].filter(([, w]) => w.isRunning()).map(([n]) => n));
  }

  assertEveryJobHandled(): void {
    if (!this.config.runsWorkers) return;
    assertJobsHandled((name) => this.workers.has(name));
  }

  async schedule<N extends JobName>(name: N, payload: JobPayloads[N], intervalMs: number): Promise<void> {
    // The scheduler id is the job name: every replica upserts the same single schedule.
    await this.queue(name).upsertJobScheduler(name, { every: intervalMs }, { name, data: payload });
  }

  async get<R = unknown>(name: JobName, id: string): Promise<JobView<R> | null> {
    // State first, then the data: a job that finishes between the two reads is seen with its result
    // (read the other way round, a "completed" state could come with the still-empty return value).
    const state = toJobState(await this.queue(name).getJobState(id));
    if (!state) return null;
    const job = await this.queue(name).getJob(id);
    if (!job) return null;
    return {
      id,
      name,
      state,
      progress: typeof job.progress === 'number' ? job.progress : 0,
      result: (job.returnvalue ?? null) as R | null,
      failedReason: job.failedReason || null,
    };
  }

  async hasWorker(name: JobName): Promise<boolean> {
    return (await this.presence.count(name)) > 0;
  }

  readiness(): QueueReadiness {
    const connections = this.config.runsWorkers ? [this.producer, this.consumer] : [this.producer];
    const workers = [...this.workers.values()];
    return {
      connection: connections.every((connection) => connection.status === 'ready') ? 'ok' : 'down',
      workers:
        workers.length === 0 ? 'none' : workers.every((worker) => worker.isRunning()) ? 'running' : 'stopped',
    };
  }

  async depths(): Promise<JobDepth[]> {
    const depths: JobDepth[] = [];
    for (const name of JOB_NAMES) {
      const counts = await this.queue(name).getJobCounts(...BULL_STATES);
      for (const [state, count] of Object.entries(counts)) {
        const ours = toJobState(state as BullJobState);
        const known = ours && depths.find((depth) => depth.name === name && depth.state === ours);
        if (known) known.count += count;
        else if (ours) depths.push({ name, state: ours, count });
      }
    }
    return depths;
  }

  async close(): Promise<void> {
    // Out of the presence sets first: the console says at once that new jobs wait for a worker.
    await this.presence.stop();
    await Promise.all([...this.workers.values()].map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.workers.clear();
    this.queues.clear();
    await Promise.all([closeRedis(this.producer), closeRedis(this.consumer)]);
  }

  // BullMQ keeps finished jobs under their id and would swallow a new add; the port dedups only unfinished ones.
  private async releaseFinished(name: JobName, jobId: string): Promise<void> {
    const existing = await this.queue(name).getJob(jobId);
    if (!existing) return;
    const state = await existing.getState();
    if (state === 'completed' || state === 'failed') await existing.remove();
  }

  // While the connection is down its queues and workers repeat its error: the connection logs it once.
  private logOnline(connection: Redis, source: string, error: Error): void {
    if (connection.status === 'ready') this.logError(source, error);
  }

  private queue(name: JobName): AnyQueue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`no queue for "${name}" jobs`);
    return queue;
  }

  private newQueue(name: JobName): AnyQueue {
    const queue = new Queue<unknown, unknown, JobName>(name, {
      connection: this.producer,
      prefix: this.prefix,
      defaultJobOptions: { removeOnComplete: KEEP_FINISHED, removeOnFail: KEEP_FINISHED },
    });
    queue.on('error', (error) => this.logOnline(this.producer, `queue ${name}`, error));
    return queue;
  }
}
