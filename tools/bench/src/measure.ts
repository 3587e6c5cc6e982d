// The measured phases of a run, in order: warm-up, the load matrix, stream first bytes, open streams.
import { type BenchConfig } from './bench-config';
import { type BenchEnvironment } from './environment';
import { firstByteLatency } from './first-byte';
import { BENCH_MODEL, DRIP_MODEL } from './gateway-admin';
import { runLoad } from './load';
import { holdOpenStreams, type OpenStreamsResult } from './open-streams';
import { openFilesLimit, rssOf } from './processes';
import { type BenchResults, type MatrixCell } from './report';
import { MODES, type Target } from './targets';

// Per held stream the gateway has a socket to the caller and one upstream; the rest is headroom.
const FILES_PER_STREAM = 2;
const FILES_HEADROOM = 1024;

const progress = (line: string): void => console.log(`▶ ${line}`);

async function warmUp(config: BenchConfig, targets: Target[]): Promise<void> {
  if (config.warmupSeconds === 0) return;
  progress(`warm-up: ${config.warmupSeconds} s per target and mode at c=${config.connections}`);
  for (const target of targets)
    for (const mode of MODES)
      await runLoad(target, BENCH_MODEL, mode, config.connections, config.warmupSeconds);
}

// Targets take turns inside each mode and concurrency, so a burst of outside load hits all of them alike.
async function loadMatrix(config: BenchConfig, targets: Target[]): Promise<MatrixCell[]> {
  const cells: MatrixCell[] = [];
  for (const mode of MODES) {
    const runAll = async (connections: number) => {
      const runs = [];
      for (const target of targets) {
        progress(`${target.name}, ${mode}, c=${connections}, ${config.durationSeconds} s`);
        const result = await runLoad(target, BENCH_MODEL, mode, connections, config.durationSeconds);
        runs.push({ result, rssBytes: rssOf(target.pid) });
      }
      return runs;
    };
    const single = await runAll(1);
    const concurrent = await runAll(config.connections);
    targets.forEach((target, i) =>
      cells.push({
        target: target.name,
        mode,
        single: single[i].result,
        concurrent: concurrent[i].result,
        rssBytes: concurrent[i].rssBytes,
      }),
    );
  }
  return cells;
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
  return holdOpenStreams(gateway, DRIP_MODEL, plan);
}

export async function measure(config: BenchConfig, env: BenchEnvironment): Promise<BenchResults> {
  const targets = [env.mock, env.bare, env.gateway];
  await warmUp(config, targets);
  const cells = await loadMatrix(config, targets);
  const firstByte = [];
  for (const target of targets) {
    progress(`${target.name}: stream first byte over ${config.firstByteRequests} sequential requests`);
    firstByte.push({
      target: target.name,
      latency: await firstByteLatency(target, BENCH_MODEL, config.firstByteRequests),
    });
  }
  const streams = await openStreamsPhase(config, env.gateway);
  return { connections: config.connections, cells, firstByte, streams };
}
