// Worker thread of HealthProbe: polls /healthz on its own event loop, so the thousands of streams the main
// thread is reading cannot delay the answers it times. Posts its samples back when told to stop.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { Client } from 'undici';

const POLL_EVERY_MS = 20;

export interface ProbeSample {
  /** Epoch milliseconds (performance.timeOrigin + now()), comparable across threads. */
  at: number;
  ms: number;
}

export interface ProbeReport {
  samples: ProbeSample[];
  failures: number;
}

async function poll(origin: string, running: () => boolean): Promise<ProbeReport> {
  const client = new Client(origin);
  const report: ProbeReport = { samples: [], failures: 0 };
  while (running()) {
    const started = performance.now();
    try {
      const response = await client.request({ path: '/healthz', method: 'GET' });
      await response.body.dump();
      const ms = performance.now() - started;
      if (response.statusCode === 200) report.samples.push({ at: performance.timeOrigin + started, ms });
      else report.failures += 1;
    } catch {
      report.failures += 1;
    }
    await sleep(Math.max(0, POLL_EVERY_MS - (performance.now() - started)));
  }
  await client.close();
  return report;
}

if (parentPort) {
  const port = parentPort;
  let running = true;
  port.once('message', () => {
    running = false;
  });
  void poll((workerData as { origin: string }).origin, () => running).then((report) =>
    port.postMessage(report),
  );
}
