#!/usr/bin/env node
// `npm test`: lint and type checks, unit and HTTP tests on PostgreSQL + Redis, then browser journeys
// against a freshly built server. Prints one closing "N passed, N failed" line for all jest runs. A test file
// that hangs, or a jest run that its tests' open handles keep alive, fails the run with the file and the
// handles named (test-runner/jest-run.mjs); nothing is retried.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { runJest } from './test-runner/jest-run.mjs';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const databaseUrl = env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const outDir = join(root, 'test-output');
// CI runs the server's tests on the Node the image ships (.ci/run sets this) and the journeys, which boot the
// built server, on the machine's: both supported Node lines are tested in one run.
const serverNode = env.SERVER_TESTS_NODE || undefined;
const totals = { passed: 0, failed: 0 };
// Hangs and reports not counted, per jest run: printed again above the closing line.
const problems = [];

// Each phase's wall time, printed again above the closing line: CI has a time budget to keep.
const timings = [];

function timed(title, startedAt) {
  const line = `${title}: ${Math.round((Date.now() - startedAt) / 1000)} s`;
  timings.push(line);
  console.log(`\n⏱ ${line}`);
}

function step(title, command, args, extraEnv = {}) {
  console.log(`\n▶ ${title}`);
  const startedAt = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  timed(title, startedAt);
  return result.status === 0;
}

// A test file still running after this long has hung (the slowest take about a minute on 2 cores); a run
// that wrote its report but is still alive this long after is held open by handles its tests left.
const LIMITS = { fileMs: 5 * 60 * 1000, exitGraceMs: 30 * 1000 };

async function jest(title, config, extraEnv = {}, flags = ['--maxWorkers=2'], node = process.execPath) {
  const startedAt = Date.now();
  const run = await runJest({
    root,
    outDir,
    title,
    config,
    flags,
    env: { ...env, ...extraEnv },
    limits: LIMITS,
    node,
  });
  timed(title, startedAt);
  totals.passed += run.passed;
  totals.failed += run.failed;
  if (run.problems.length > 0) {
    const lines = [`✗ ${title}:`, ...run.problems.map((line) => `  ${line}`)];
    problems.push(...lines);
    console.log(`\n${lines.join('\n')}`);
  }
  return run.ok;
}

function nodeVersion(binary) {
  return spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
}

function reachable(url, fallbackPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || fallbackPort) });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

async function journeys() {
  // Each journey file boots the built server on a fresh data dir and port, so files run side by side: in
  // band they kept the two cores less than half busy (539 s wall for 246 s of CPU; two at a time, 371 s).
  return jest('browser journeys', 'apps/web-e2e/jest.config.js');
}

async function main() {
  // Everything in test-output (reports, screenshots) is from this run or not there at all.
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  console.log(
    `Tests use PostgreSQL at ${databaseUrl} and Redis at ${redisUrl} (TEST_DATABASE_URL / TEST_REDIS_URL).`,
  );
  const [pg, redis] = await Promise.all([reachable(databaseUrl, 5432), reachable(redisUrl, 6379)]);
  if (!pg || !redis) {
    console.error(
      `Not reachable: ${[!pg && 'PostgreSQL', !redis && 'Redis'].filter(Boolean).join(' and ')}. Start them (see README).`,
    );
    process.exit(1);
  }
  const results = [
    step('build (contracts, server, web)', 'npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=stream']),
    step('lint and type checks', 'npx', [
      'nx',
      'run-many',
      '-t',
      'lint',
      'typecheck',
      '--outputStyle=stream',
    ]),
    step('formatting', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']),
    await jest('contracts unit tests', 'libs/contracts/jest.config.js'),
    await jest('mock upstream tests', 'tools/mock-upstream/jest.config.js'),
    await jest(
      `server unit and HTTP tests${serverNode ? ` on Node ${nodeVersion(serverNode)}` : ''}`,
      'apps/server/jest.config.js',
      { TEST_DATABASE_URL: databaseUrl, TEST_REDIS_URL: redisUrl },
      undefined,
      serverNode ?? process.execPath,
    ),
  ];
  if (results[0]) results.push(await journeys());
  console.log(`\n${timings.join('\n')}`);
  if (problems.length > 0) console.log(`\n${problems.join('\n')}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(results.every(Boolean) && totals.failed === 0 ? 0 : 1);
}

await main();
