// Polls the gateway's /healthz every 20 ms from a worker thread. The gateway exposes no event-loop metric,
// so a stall inside it shows here as a slow answer (the trivial route otherwise answers in about 1 ms).
import { once } from 'node:events';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { type ProbeReport } from './health-probe-worker';
import { summarize, type LatencySummary } from './stats';

/** Epoch milliseconds, comparable with the worker's sample times. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

export class HealthProbe {
  private readonly worker: Worker;
  private report: ProbeReport = { samples: [], failures: 0 };

  constructor(origin: string) {
    this.worker = new Worker(join(__dirname, 'health-probe-worker.js'), { workerData: { origin } });
  }

  get failures(): number {
    return this.report.failures;
  }

  async stop(): Promise<void> {
    const reported = once(this.worker, 'message');
    this.worker.postMessage('stop');
    this.report = (await reported)[0] as ProbeReport;
    await this.worker.terminate();
  }

  /** Answer times of the polls started between two epochNow() marks (after stop()). */
  between(from: number, to: number): LatencySummary {
    return summarize(this.report.samples.filter((s) => s.at >= from && s.at < to).map((s) => s.ms));
  }
}
