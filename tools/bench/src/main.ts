// `npm run bench`: the relay (a rich and an ordinary payer) against the mock upstream directly, a bare proxy and
// Portkey, in one run on one box, printed as tables with one PASS/FAIL line per target. Always exits 0 once it
// has measured: it is a benchmark, not a test.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { readBenchConfig } from './bench-config';
import { Cleanup } from './cleanup';
import { dripMockCount, type Paths, startEnvironment } from './environment';
import { measure } from './measure';
import { measureMetricsCost, renderMetricsCost } from './metrics-cost';
import { renderReport } from './report';

const ROOT = resolve(__dirname, '../../..');

function pathsIn(root: string): Paths {
  return {
    server: join(root, 'apps/server/dist/main.js'),
    mock: join(root, 'tools/mock-upstream/dist/main.js'),
    bareProxy: join(__dirname, 'bare-proxy-main.js'),
  };
}

function ensureBuilt(paths: Paths): void {
  const needed = [paths.server, paths.mock, join(ROOT, 'apps/web/dist/index.html')];
  if (needed.every((file) => existsSync(file))) return;
  console.log('▶ building (a build output is missing): npx nx run-many -t build');
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=stream'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');
}

function machine(): string {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB`;
  return `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${memory}, Node ${process.version}, load ${load}`;
}

async function main(): Promise<void> {
  const config = readBenchConfig(process.env);
  const paths = pathsIn(ROOT);
  ensureBuilt(paths);
  console.log(`Machine: ${machine()}`);
  console.log(
    `Runs of ${config.durationSeconds} s (BENCH_DURATION) at c=1 and c=${config.connections}; ${config.openStreams} open streams over ${dripMockCount(config)} drip mocks`,
  );
  // In this process, before any server runs: the recording the relay does per call, timed alone.
  const metricsCost = await measureMetricsCost(ROOT);
  const cleanup = new Cleanup();
  const interrupted = (): void => {
    console.log('\ninterrupted: cleaning up');
    void cleanup.runAll().then(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const env = await startEnvironment(config, paths, cleanup);
    const results = await measure(config, env);
    console.log(`\nMachine at the end: ${machine()}`);
    console.log(`Gateway log lines at LOG_LEVEL=warn during the run: ${env.gatewayProcess.outputLines}`);
    for (const line of env.gatewayProcess.recentOutput) console.log(`  ${line}`);
    console.log('');
    console.log(renderReport(results));
    console.log(`\n${renderMetricsCost(metricsCost)}`);
  } finally {
    await cleanup.runAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
