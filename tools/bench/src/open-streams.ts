// Thousands of slow streams held open through the gateway at once: its memory and its responsiveness.
import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { eventLoopLagMaxMs } from './event-loop-lag';
import { epochNow, HealthProbe } from './health-probe';
import { rssOf } from './processes';
import { type LatencySummary } from './stats';
import { CHAT_PATH, chatBody, type Target } from './targets';

const RAMP_TICK_MS = 50;
/** How long the phase waits for every stream's first byte before it starts the hold anyway. */
export const OPEN_TIMEOUT_MS = 60_000;
// A busy gateway lets its accept backlog overflow; the kernel's SYN retries (1 s, 3 s, 7 s…) need this long.
const CONNECT_TIMEOUT_MS = 30_000;

export interface OpenStreamsPlan {
  streams: number;
  perSecond: number;
  holdSeconds: number;
}

export interface OpenStreamsResult {
  requested: number;
  /** Streams whose first body byte arrived. */
  opened: number;
  failed: number;
  failureDetail: string;
  secondsToOpen: number;
  /** Streams that had not finished when the hold ended (all of them, if the drip is slow enough). */
  openAtEnd: number;
  holdRssBytes: number;
  healthRamp: LatencySummary;
  healthHold: LatencySummary;
  healthFailures: number;
  /** The gateway's own longest event-loop delay while opening and while held (milliseconds). */
  loopDelayRampMs: number;
  loopDelayHoldMs: number;
}

class StreamCounts {
  opened = 0;
  ended = 0;
  failed = 0;
  readonly reasons = new Map<string, number>();

  fail(reason: string): void {
    this.failed += 1;
    this.note(reason);
  }

  note(reason: string): void {
    this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + 1);
  }
}

async function holdOne(pool: Pool, target: Target, body: string, signal: AbortSignal, counts: StreamCounts) {
  let opened = false;
  try {
    const response = await pool.request({
      path: CHAT_PATH,
      method: 'POST',
      headers: target.headers,
      body,
      signal,
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return counts.fail(`HTTP ${response.statusCode}`);
    }
    for await (const chunk of response.body) {
      if (!opened && (chunk as Buffer).length > 0) {
        opened = true;
        counts.opened += 1;
      }
    }
    counts.ended += 1;
  } catch (error) {
    if (signal.aborted && opened) return;
    const reason = error instanceof Error ? error.message : String(error);
    if (!opened) return counts.fail(reason);
    counts.ended += 1;
    counts.note(`cut after the first byte: ${reason}`);
  }
}

export async function holdOpenStreams(
  target: Target,
  model: string,
  plan: OpenStreamsPlan,
  metricsOrigin: string,
): Promise<OpenStreamsResult> {
  const pool = new Pool(target.origin, {
    connections: plan.streams,
    connect: { timeout: CONNECT_TIMEOUT_MS },
    headersTimeout: OPEN_TIMEOUT_MS,
  });
  const abort = new AbortController();
  // Every held stream listens on this one signal.
  setMaxListeners(plan.streams + 16, abort.signal);
  const probe = new HealthProbe(target.origin);
  const counts = new StreamCounts();
  const body = chatBody(model, 'stream');
  const streams: Promise<void>[] = [];
  await eventLoopLagMaxMs(metricsOrigin);
  const rampStart = epochNow();
  const perTick = Math.max(1, Math.round((plan.perSecond * RAMP_TICK_MS) / 1000));
  while (streams.length < plan.streams) {
    const tickStart = performance.now();
    for (let i = 0; i < perTick && streams.length < plan.streams; i += 1)
      streams.push(holdOne(pool, target, body, abort.signal, counts));
    await sleep(Math.max(0, RAMP_TICK_MS - (performance.now() - tickStart)));
  }
  while (counts.opened + counts.failed < plan.streams && epochNow() - rampStart < OPEN_TIMEOUT_MS)
    await sleep(10);
  const holdStart = epochNow();
  const loopDelayRampMs = await eventLoopLagMaxMs(metricsOrigin);
  let holdRssBytes = 0;
  for (let second = 0; second < plan.holdSeconds; second += 1) {
    await sleep(1000);
    holdRssBytes = Math.max(holdRssBytes, rssOf(target.pid));
  }
  const holdEnd = epochNow();
  const loopDelayHoldMs = await eventLoopLagMaxMs(metricsOrigin);
  const openAtEnd = counts.opened - counts.ended;
  abort.abort();
  await Promise.all(streams);
  await pool.destroy();
  await probe.stop();
  return {
    requested: plan.streams,
    opened: counts.opened,
    failed: counts.failed,
    failureDetail: [...counts.reasons].map(([reason, n]) => `${n}× ${reason}`).join(', '),
    secondsToOpen: (holdStart - rampStart) / 1000,
    openAtEnd,
    holdRssBytes,
    healthRamp: probe.between(rampStart, holdStart),
    healthHold: probe.between(holdStart, holdEnd),
    healthFailures: probe.failures,
    loopDelayRampMs,
    loopDelayHoldMs,
  };
}
