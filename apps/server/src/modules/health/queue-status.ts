import { Injectable } from '@nestjs/common';
import { type QueueStatus } from '@tollgate/contracts';
import { JOB_NAMES, type JobName } from '../../infra/queue/job-registry';
import { type JobDepth, JobQueue, type JobState } from '../../infra/queue/queue.port';

/** One queue's counts out of all the depths (a driver may list a state more than once, or not at all). */
export function toQueueStatus(name: JobName, depths: JobDepth[], hasWorker: boolean): QueueStatus {
  const count = (state: JobState) =>
    depths
      .filter((depth) => depth.name === name && depth.state === state)
      .reduce((sum, depth) => sum + depth.count, 0);
  return {
    queue: name,
    waiting: count('waiting'),
    delayed: count('delayed'),
    active: count('active'),
    failed: count('failed'),
    has_worker: hasWorker,
  };
}

/**
 * Each declared queue's backlog and whether some process consumes it: in a scaled deployment whose workers
 * are all down, jobs pile up with nothing else to say so. The console polls it, so it stays one depths()
 * read plus one presence count per queue.
 */
@Injectable()
export class QueueStatusReader {
  constructor(private readonly queue: JobQueue) {}

  async list(): Promise<QueueStatus[]> {
    const [depths, workers] = await Promise.all([
      this.queue.depths(),
      Promise.all(JOB_NAMES.map((name) => this.queue.hasWorker(name))),
    ]);
    return JOB_NAMES.map((name, index) => toQueueStatus(name, depths, workers[index]));
  }
}
