// The measured phases of a run, in order: warm-up, the load matrix, stream first bytes, open streams.
import { setTimeout as sleep } from 'node:timers/promises';
import { type BenchConfig } from './bench-config';
import { type BenchEnvironment } from './environment';
import { firstByteLatency } from './first-byte';
import { BENCH_MODEL, DRIP_MODEL } from './gateway-admin';
import { runLoad } from './load';
import { holdOpenStreams, type OpenStreamsResult } from './open-streams';
import { openFilesLimit, rssOf } from './processes';
import { type BenchResults, type MatrixCell } from './results';
import { MODES, type Mode, type Target } from './targets';

// Per held stream the gateway has a socket to the caller and one upstream; the rest is headroom.
const FILES_PER_STREAM = 2;
const FILES_HEADROOM = 1024;
// The gateway applies its charge journal and log batches each second: a run that follows one on the same
// process waits this long, so that backlog is not billed to the next run's CPU.
const SAME_PROCESS_PAUSE_MS = 1500;

const progress = (line: string): void => console.log(`▶ ${line}`);

/** Runs targets one after another, each after its own preparation and a pause after the same process. */
class RunSequence {
  private lastPid = 0;

  async before(target: Target): Promise<void> {
    if (target.pid === this.lastPid) await sleep(SAME_PROCESS_PAUSE_MS);
    await target.beforeRun?.();
    this.lastPid = target.pid;
  }

  async load(target: Target, mode: Mode, connections: number, seconds: number) {
    await this.before(target);
    return runLoad(target, BENCH_MODEL, mode, connections, seconds);
  }
}

async function warmUp(config: BenchConfig, targets: Target[], runs: RunSequence): Promise<void> {
  if (config.warmupSeconds === 0) return;
  progress(`warm-up: ${config.warmupSeconds} s per target and mode at c=${config.connections}`);
  for (const target of targets)
    for (const mode of MODES) await runs.load(target, mode, config.connections, config.warmupSeconds);
}

// Targets take turns inside each mode and concurrency, so a burst of outside load hits all of them alike; the
// high concurrency in several rounds, so that a ratio between two targets can be taken within each round.
async function loadMatrix(config: BenchConfig, targets: Target[], runs: RunSequence): Promise<MatrixCell[]> {
  const cells: MatrixCell[] = [];
  for (const mode of MODES) {
    const runAll = async (connections: number, round = '') => {
      const done = [];
      for (const target of targets) {
        progress(`${target.name}, ${mode}, c=${connections}, ${config.durationSeconds} s${round}`);
        const result = await runs.load(target, mode, connections, config.durationSeconds);
        done.push({ result, rssBytes: rssOf(target.pid) });
      }
      return done;
    };
    const single = await runAll(1);
    const rounds: Array<Awaited<ReturnType<typeof runAll>>> = [];
    for (let round = 1; round <= config.rounds; round += 1)
      rounds.push(
        await runAll(config.connections, config.rounds > 1 ? `, round ${round}/${config.rounds}` : ''),
      );
    targets.forEach((target, i) => {
      const concurrent = rounds.map((results) => results[i].result);
      cells.push({
        target: target.name,
        mode,
        single: single[i].result,
        concurrent: medianBy(concurrent, (result) => result.requestsPerSecond),
        rounds: concurrent,
        rssBytes: rounds[rounds.length - 1][i].rssBytes,
      });
    });
  }
  return cells;
}

function medianBy<T>(items: T[], value: (item: T) => number): T {
  return [...items].sort((a, b) => value(a) - value(b))[(items.length - 1) >> 1];
}

function openStreamsBlocker(config: BenchConfig): string | null {
  if (config.openStreams === 0) return 'BENCH_STREAMS=0';
  const needed = config.openStreams * FILES_PER_STREAM + FILES_HEADROOM;
  const limit = openFilesLimit();
  if (limit >= needed) return null;
  return `ulimit -n is ${limit}; ${config.openStreams} streams need ≥ ${needed} open files per process — run \`ulimit -n ${needed}\` first`;
}

async function openStreamsPhase(
  config: BenchConfig,
  gateway: Target,
  metricsOrigin: string,
): Promise<OpenStreamsResult | { skipped: string }> {
  const blocker = openStreamsBlocker(config);
  if (blocker !== null) {
    console.log(`! open streams skipped: ${blocker}`);
    return { skipped: blocker };
  }
  const plan = {
    streams: config.openStreams,
    perSecond: config.openStreamsPerSecond,
    holdSeconds: config.holdSeconds,
  };
  progress(`gateway: ${plan.streams} streams opened at ${plan.perSecond}/s, held ${plan.holdSeconds} s`);
  return holdOpenStreams(gateway, DRIP_MODEL, plan, metricsOrigin);
}

export async function measure(config: BenchConfig, env: BenchEnvironment): Promise<BenchResults> {
  const portkey = 'skipped' in env.portkey ? [] : [env.portkey];
  const targets = [env.mock, env.bare, ...portkey, env.gateway, env.ordinary];
  const runs = new RunSequence();
  await warmUp(config, targets, runs);
  const cells = await loadMatrix(config, targets, runs);
  const firstByte = [];
  for (const target of targets) {
    progress(`${target.name}: stream first byte over ${config.firstByteRequests} sequential requests`);
    await runs.before(target);
    firstByte.push({
      target: target.name,
      latency: await firstByteLatency(target, BENCH_MODEL, config.firstByteRequests),
    });
  }
  const ordinaryPayer = await env.ordinaryPayer.balances();
  const streams = await openStreamsPhase(config, env.gateway, env.gatewayMetrics);
  return {
    connections: config.connections,
    cells,
    firstByte,
    streams,
    portkeySkipped: 'skipped' in env.portkey ? env.portkey.skipped : null,
    ordinaryPayer,
  };
}
