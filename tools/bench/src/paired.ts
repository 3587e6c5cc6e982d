// `npm run bench:paired -- BEFORE AFTER`: two builds of the gateway (paths to their main.js) as two replicas on
// one database and Redis, measured side by side so that both see the same moment of a shared, noisy host: at
// c=1 called in turn by the ordinary payer, then both loaded at once. Differences too small for two runs of
// `npm run bench` minutes apart show here.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'undici';
import { Cleanup } from './cleanup';
import { checkAnswers } from './environment';
import { readTimed } from './first-byte';
import { BENCH_MODEL, provisionGateway } from './gateway-admin';
import { runLoad } from './load';
import { OrdinaryPayer } from './ordinary-payer';
import { cpuSecondsOf } from './processes';
import { startDeployment, startReplica, type Replica as Build } from './replicas';
import { summarize } from './stats';
import { bearer, CHAT_PATH, chatBody, MODES, type Mode } from './targets';

const CALLS = Number(process.env.BENCH_PAIRED_CALLS ?? 8000);
const WARMUP_CALLS = 4000;
// Each replica's concurrency and seconds when both are loaded at once.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64) / 2;
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);
// Node flags for the second build only (e.g. a heap setting tried against the same code).
const AFTER_NODE_ARGS = (process.env.BENCH_PAIRED_AFTER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

interface Replica extends Build {
  client: Client;
}

/** A started build with a keep-alive client of its own. */
function withClient(build: Build, cleanup: Cleanup): Replica {
  const client = new Client(build.origin);
  cleanup.add(`close the client of ${build.name}`, () => client.close());
  return { ...build, client };
}

function ready(replica: Replica, key: string): Promise<void> {
  return checkAnswers({
    name: replica.name,
    origin: replica.origin,
    headers: bearer(key),
    pid: replica.child.pid,
  });
}

/** Milliseconds to the first body byte and to the whole answer. */
async function call(
  replica: Replica,
  headers: Record<string, string>,
  body: string,
): Promise<{ firstByte: number; whole: number }> {
  const started = performance.now();
  const response = await replica.client.request({ path: CHAT_PATH, method: 'POST', headers, body });
  const { firstByteMs, wholeMs, bytes } = await readTimed(response.body, started);
  if (response.statusCode !== 200 || firstByteMs === null)
    throw new Error(`${replica.name}: HTTP ${response.statusCode} ${bytes.toString()}`);
  return { firstByte: firstByteMs, whole: wholeMs };
}

/** Calls both in turn (which goes first alternates); answers each one's latencies and CPU per call. */
async function alternate(replicas: [Replica, Replica], key: string, mode: Mode, calls: number) {
  const headers = bearer(key);
  const body = chatBody(BENCH_MODEL, mode);
  const samples: [number[], number[]] = [[], []];
  const firstBytes: [number[], number[]] = [[], []];
  const cpuBefore = replicas.map((replica) => cpuSecondsOf(replica.child.pid));
  for (let i = 0; i < calls; i += 1) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      const { firstByte, whole } = await call(replicas[index], headers, body);
      samples[index].push(whole);
      firstBytes[index].push(firstByte);
    }
  }
  return replicas.map((replica, index) => ({
    name: replica.name,
    latency: summarize(samples[index]),
    firstByte: summarize(firstBytes[index]),
    cpuMicros: ((cpuSecondsOf(replica.child.pid) - cpuBefore[index]) * 1e6) / calls,
  }));
}

async function main(): Promise<void> {
  const builds = process.argv.slice(2).map((path) => resolve(path));
  if (builds.length !== 2 || !builds.every((path) => existsSync(path)))
    throw new Error('usage: npm run bench:paired -- BEFORE/main.js AFTER/main.js');
  const cleanup = new Cleanup();
  try {
    const deployment = await startDeployment(cleanup);
    const before = withClient(await startReplica('before', builds[0], deployment, cleanup), cleanup);
    const { admin } = await provisionGateway(before.origin, deployment.mockOrigin, {
      upstreamUrls: [],
      headers: {},
    });
    const payer = await OrdinaryPayer.create(admin);
    const afterBuild = await startReplica('after', builds[1], deployment, cleanup, AFTER_NODE_ARGS);
    const after = withClient(afterBuild, cleanup);
    const replicas: [Replica, Replica] = [before, after];
    await ready(before, payer.key);
    await ready(after, payer.key);
    console.log(`${CALLS} calls to each (BENCH_PAIRED_CALLS), in turn, c=1, ordinary payer`);
    console.log(
      '| mode | build | p50 | p99 | first byte p50 | CPU/call |\n| --- | --- | ---: | ---: | ---: | ---: |',
    );
    for (const mode of MODES) {
      await payer.topUp();
      await alternate(replicas, payer.key, mode, WARMUP_CALLS);
      for (const result of await alternate(replicas, payer.key, mode, CALLS)) {
        const { p50, p99 } = result.latency;
        const firstByte = result.firstByte.p50.toFixed(3);
        console.log(
          `| ${mode} | ${result.name} | ${p50.toFixed(3)} ms | ${p99.toFixed(3)} ms | ${firstByte} ms | ${Math.round(result.cpuMicros)} µs |`,
        );
      }
    }
    console.log(`\nBoth at once, c=${CONNECTIONS} each, ${SECONDS} s (BENCH_DURATION), ordinary payer`);
    console.log('| mode | build | req/s | CPU/call | p50 |\n| --- | --- | ---: | ---: | ---: |');
    const targets = replicas.map(({ name, origin, child }) => ({
      name,
      origin,
      headers: bearer(payer.key),
      pid: child.pid,
    }));
    for (const mode of MODES) {
      await payer.topUp();
      const loads = await Promise.all(
        targets.map((target) => runLoad(target, BENCH_MODEL, mode, CONNECTIONS, SECONDS)),
      );
      loads.forEach((load, index) => {
        if (load.failures > 0) throw new Error(`${targets[index].name}: ${load.failureDetail}`);
        console.log(
          `| ${mode} | ${targets[index].name} | ${Math.round(load.requestsPerSecond)} | ${Math.round(load.cpuMicrosPerRequest)} µs | ${load.latency.p50.toFixed(2)} ms |`,
        );
      });
    }
  } finally {
    await cleanup.runAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
