// One autocannon run against a target, with exact per-request latencies.
import autocannon from 'autocannon';
import { cpuSecondsOf } from './processes';
import { summarize, type LatencySummary } from './stats';
import { CHAT_PATH, chatBody, type Mode, type Target } from './targets';

export interface LoadResult {
  requestsPerSecond: number;
  latency: LatencySummary;
  /** CPU time the answering process spent per answered request (all its threads, background work included). */
  cpuMicrosPerRequest: number;
  /** Socket errors, timeouts and non-2xx answers: a run with any is not a clean measurement. */
  failures: number;
  failureDetail: string;
}

export function runLoad(
  target: Target,
  model: string,
  mode: Mode,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const cpuBefore = cpuSecondsOf(target.pid);
  const { callers } = target;
  let turn = 0;
  // Rebuilt request by request, so only when there are several callers.
  const requests = callers && [
    {
      setupRequest: (request: autocannon.Request) => ({
        ...request,
        headers: callers[turn++ % callers.length],
      }),
    },
  ];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${target.origin}${CHAT_PATH}`,
        method: 'POST',
        headers: target.headers,
        body: chatBody(model, mode),
        connections,
        duration: seconds,
        requests,
      },
      (error, result) => {
        if (error) return reject(error);
        const codes = Object.entries(result.statusCodeStats)
          .filter(([code]) => !code.startsWith('2'))
          .map(([code, { count }]) => `${count}× HTTP ${code}`);
        if (result.errors > 0) codes.push(`${result.errors} errors (${result.timeouts} timeouts)`);
        resolve({
          requestsPerSecond: result['2xx'] / result.duration,
          cpuMicrosPerRequest: ((cpuSecondsOf(target.pid) - cpuBefore) * 1e6) / Math.max(1, result['2xx']),
          latency: summarize(latencies),
          failures: result.errors + result.non2xx,
          failureDetail: codes.join(', '),
        });
      },
    );
    instance.on(
      'response',
      (_client: unknown, statusCode: number, _bytes: number, responseTimeMs: number) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTimeMs);
      },
    );
  });
}
