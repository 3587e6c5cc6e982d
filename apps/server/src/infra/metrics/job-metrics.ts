import { performance } from 'node:perf_hooks';
import { type JobName } from '../queue/job-registry';
import { type JobHandler, type JobQueue } from '../queue/queue.port';
import { type GatewayMetrics } from './gateway-metrics';

/** Counts each job's outcome and duration where its handler runs, whichever driver runs it. */
export function countJobOutcomes(queue: JobQueue, metrics: GatewayMetrics): JobQueue {
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
