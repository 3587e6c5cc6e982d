// The gateway's own view of its event loop: prom-client's default metrics sample it (monitorEventLoopDelay) and
// report the largest delay since the previous scrape, then start over. So a scrape at the start of a phase and
// one at its end give that phase's worst stall, as seen inside the process.
import { request } from 'undici';

const LAG_MAX = /^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? (\S+)$/m;

/** Milliseconds: the longest event-loop delay since the last call (the first call only starts the window). */
export async function eventLoopLagMaxMs(metricsOrigin: string): Promise<number> {
  const response = await request(`${metricsOrigin}/metrics`);
  const text = await response.body.text();
  const match = LAG_MAX.exec(text);
  if (response.statusCode !== 200 || !match)
    throw new Error(
      `no nodejs_eventloop_lag_max_seconds at ${metricsOrigin}/metrics (HTTP ${response.statusCode})`,
    );
  return Number(match[1]) * 1000;
}
