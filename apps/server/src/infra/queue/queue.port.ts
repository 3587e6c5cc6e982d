import type { JobName, JobPayloads } from './job-registry';

export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'delayed';

export interface JobView<R = unknown> {
  id: string;
  name: JobName;
  state: JobState;
  /** 0-100, set by the handler while it runs. */
  progress: number;
  result: R | null;
  failedReason: string | null;
}

export interface JobContext {
  id: string;
  /** Record progress (0-100) for the console to poll. */
  progress(percent: number): Promise<void>;
}

export type JobHandler<N extends JobName, R = unknown> = (
  payload: JobPayloads[N],
  ctx: JobContext,
) => Promise<R>;

/** This process's side of the queues, for its readiness probe. */
export interface QueueReadiness {
  /** The connections jobs are added and consumed on. */
  connection: 'ok' | 'down';
  /** Every queue this process consumes has a running worker ('none': this process consumes none). */
  workers: 'running' | 'stopped' | 'none';
}

export interface JobDepth {
  name: JobName;
  state: JobState;
  count: number;
}

export interface AddJobOptions {
  /** Same id while a job is waiting or running = the existing job is returned (dedup). */
  jobId?: string;
  delayMs?: number;
}

/** The queue port: a BullMQ driver when Redis is configured, an in-process runner otherwise. */
export abstract class JobQueue {
  abstract add<N extends JobName>(name: N, payload: JobPayloads[N], options?: AddJobOptions): Promise<string>;
  /** Registers the handler; only roles that run workers (all, worker) actually consume. */
  abstract process<N extends JobName, R>(name: N, handler: JobHandler<N, R>): void;
  /**
   * Throws unless every declared job has its handler; called once the app has booted. A second handler is
   * refused by process() itself. Roles that run no workers register none, and pass.
   */
  abstract assertEveryJobHandled(): void;
  /** Runs the job every intervalMs (one schedule per name, across replicas). */
  abstract schedule<N extends JobName>(name: N, payload: JobPayloads[N], intervalMs: number): Promise<void>;
  abstract get<R = unknown>(name: JobName, id: string): Promise<JobView<R> | null>;
  /** How many jobs each queue holds in each state (finished ones while they are kept), for metrics. */
  abstract depths(): Promise<JobDepth[]>;
  /** Whether some process consumes this job's queue right now (in Redis mode: a worker beat lately). */
  abstract hasWorker(name: JobName): Promise<boolean>;
  abstract readiness(): QueueReadiness;
  abstract close(): Promise<void>;
}
