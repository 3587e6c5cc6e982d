// Every knob of a benchmark run, read once from the environment (all optional).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PORTKEY_VERSION } from './portkey';

export interface BenchConfig {
  /** Seconds per measured autocannon run. */
  durationSeconds: number;
  /** Seconds of warm-up load per target and mode before anything is measured. */
  warmupSeconds: number;
  /** The "high" concurrency of the matrix (the low one is always 1). */
  connections: number;
  /** Rounds of the high-concurrency runs, every target in turn in each: ratios are taken per round. */
  rounds: number;
  /** Sequential stream requests per target for the first-byte measurement. */
  firstByteRequests: number;
  /** Concurrent streams held open against the gateway (0 skips the phase). */
  openStreams: number;
  /** Streams opened per second while ramping up. */
  openStreamsPerSecond: number;
  /** Seconds the streams are held open while RSS and /healthz are sampled. */
  holdSeconds: number;
  /** Milliseconds between two frames of a held stream. */
  dripMs: number;
  /** Maintenance database URL used to create and drop the benchmark's own database. */
  databaseAdminUrl: string;
  /** Redis for the gateway; its database index belongs to the benchmark (keys under `tollgate:` are removed). */
  redisUrl: string;
  /** Extra node flags for the gateway only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to find a hot spot. */
  gatewayNodeArgs: string[];
  /** Where Portkey is installed and kept between runs (outside the workspace); null leaves Portkey out. */
  portkeyDir: string | null;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`${name} must be a whole number >= ${min}`);
  return value;
}

export function readBenchConfig(env: NodeJS.ProcessEnv): BenchConfig {
  return {
    durationSeconds: wholeNumber(env, 'BENCH_DURATION', 10, 1),
    warmupSeconds: wholeNumber(env, 'BENCH_WARMUP', 3, 0),
    connections: wholeNumber(env, 'BENCH_CONNECTIONS', 64, 2),
    rounds: wholeNumber(env, 'BENCH_ROUNDS', 3, 1),
    firstByteRequests: wholeNumber(env, 'BENCH_FIRST_BYTE_REQUESTS', 1000, 10),
    openStreams: wholeNumber(env, 'BENCH_STREAMS', 5000, 0),
    openStreamsPerSecond: wholeNumber(env, 'BENCH_STREAMS_PER_SECOND', 500, 1),
    holdSeconds: wholeNumber(env, 'BENCH_STREAMS_HOLD', 10, 1),
    dripMs: wholeNumber(env, 'BENCH_DRIP_MS', 1000, 10),
    databaseAdminUrl: env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9',
    gatewayNodeArgs: (env.BENCH_GATEWAY_NODE_ARGS ?? '').split(/\s+/).filter((arg) => arg !== ''),
    portkeyDir:
      env.BENCH_PORTKEY === '0'
        ? null
        : (env.BENCH_PORTKEY_DIR ?? join(tmpdir(), `tollgate-bench-portkey-${PORTKEY_VERSION}`)),
  };
}
