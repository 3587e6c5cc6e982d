import { performance } from 'node:perf_hooks';
import { type JobName } from '../queue/job-registry';
import { type JobHandler, type JobQueue } from '../queue/queue.port';
import { type GatewayMetrics } from './gateway-metrics';

/**
 * The queues' metrics, whichever driver runs them: each job's outcome and duration where its handler runs, and
 * the jobs each queue holds by state, read when scraped (in Redis mode every replica sees the shared queues).
 */
export function observeJobQueue(queue: JobQueue, metrics: GatewayMetrics): JobQueue {
  metrics.gauge(
    'tollgate_queue_jobs',
    'Jobs each queue holds, by state (finished ones while they are kept)',
    ['queue', 'state'],
    async () =>
      (await queue.depths()).map(({ name, state, count }) => ({
        labels: { queue: name, state },
        value: count,
      })),
  );
  const register = queue.process.bind(queue);
  queue.process = <N extends JobName, R>(name: N, handler: JobHandler<N, R>): void =>
    register<N, R>(name, async (payload, ctx) => {
      const started = performance.now();
      try {
        const result = await handler(payload, ctx);
        metrics.jobFinished(name, 'completed', (performance.now() - started) / 1000);
        return result;
      } catch (error) {
        metrics.jobFinished(name, 'failed', (performance.now() - started) / 1000);
        throw error;
      }
    });
  return queue;
}
