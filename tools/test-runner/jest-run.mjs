// One jest run of tools/run-tests.mjs, watched file by file. A file that runs past the limit, or a run that
// wrote its report and then does not exit (open handles), is killed and fails: never retried, always named.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { nodeReports } from './node-reports.mjs';

const require = createRequire(import.meta.url);
const JEST = require.resolve('jest/bin/jest');
const PROGRESS_REPORTER = require.resolve('./progress-reporter.cjs');
const POLL_MS = 1000;

/**
 * Runs `jest -c config` and returns what it counted. Every count comes from this run: its JSON report (written
 * when jest finishes), else the progress lines of the files that finished before it was killed. A hang adds
 * one failure per file it names, so the closing line never reads "0 failed" for a run that failed.
 */
export async function runJest({
  root,
  outDir,
  title,
  config,
  flags = [],
  env = process.env,
  limits,
  node = process.execPath,
}) {
  const slug = title.replace(/\W+/g, '-');
  const files = { report: join(outDir, `${slug}.json`), progress: join(outDir, `${slug}.progress.jsonl`) };
  const reportsDir = join(outDir, 'node-reports', slug);
  for (const file of Object.values(files)) rmSync(file, { force: true });
  mkdirSync(reportsDir, { recursive: true });
  console.log(`\n▶ ${title}`);
  const startedAt = Date.now();
  const reporters = ['--reporters=default', `--reporters=${PROGRESS_REPORTER}`];
  const args = [JEST, '-c', config, '--json', `--outputFile=${files.report}`, ...reporters, ...flags];
  const child = spawn(node, args, {
    cwd: root,
    // Own process group: a hang is ended by killing the group (workers, servers the tests started).
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...env,
      TEST_PROGRESS_FILE: files.progress,
      // SIGUSR2 makes a stuck jest process write what keeps it alive (node-reports.mjs).
      NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --report-on-signal --report-directory=${reportsDir}`.trim(),
    },
  });
  // jest runs in a process group of its own, which Ctrl-C no longer reaches: end it with the runner.
  const interrupted = (signal) => {
    signalGroup(child, 'SIGKILL');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    const outcome = await watch(child, files, startedAt, limits);
    const progress = readProgress(files.progress);
    const hang =
      outcome.kind === 'exited' ? { lines: [], failures: 0 } : describeHang(outcome, progress, root, limits);
    if (outcome.kind !== 'exited') {
      hang.lines.push(...(await nodeReports(child.pid, reportsDir)));
      await killGroup(child);
    }
    if (outcome.kind === 'lingered') await showOpenHandles(root, config, env, node, hang.culprits, limits);
    const counts = countResults(files.report, startedAt, progress);
    const problems = [...hang.lines, ...counts.problems];
    const ok = outcome.kind === 'exited' && outcome.code === 0 && problems.length === 0;
    return { passed: counts.passed, failed: counts.failed + hang.failures, ok, problems, progress, outcome };
  } finally {
    process.removeListener('SIGINT', interrupted).removeListener('SIGTERM', interrupted);
  }
}

/** Resolves when jest exits, a file overruns, nothing happens for a file's limit, or jest lingers after its report. */
function watch(child, files, startedAt, { fileMs, exitGraceMs }) {
  return new Promise((resolve) => {
    let reportAt = null;
    const finish = (outcome) => {
      clearInterval(timer);
      child.removeListener('exit', onExit);
      resolve(outcome);
    };
    const onExit = (code, signal) => finish({ kind: 'exited', code, signal });
    child.once('exit', onExit);
    const timer = setInterval(() => {
      const now = Date.now();
      const progress = readProgress(files.progress);
      const overdue = progress.running.filter((file) => now - progress.started.get(file) > fileMs);
      const quiet = progress.running.length === 0 && now - Math.max(startedAt, progress.lastAt) > fileMs;
      if (existsSync(files.report)) reportAt ??= now;
      if (reportAt === null && (overdue.length > 0 || quiet)) finish({ kind: 'hung', overdue });
      else if (reportAt !== null && now - reportAt > exitGraceMs) finish({ kind: 'lingered' });
    }, POLL_MS);
  });
}

/** The progress lines so far: files started (when), finished (with their counts), still running. */
export function readProgress(path) {
  const lines = existsSync(path) ? readFileSync(path, 'utf8').split('\n') : [];
  const progress = { total: 0, lastAt: 0, started: new Map(), results: new Map(), running: [] };
  for (const line of lines) {
    let event;
    try {
      event = JSON.parse(line);
    } catch {
      continue; // empty, or a line still being written
    }
    progress.lastAt = Math.max(progress.lastAt, event.at);
    if (event.event === 'run') progress.total = event.files;
    if (event.event === 'start') progress.started.set(event.file, event.at);
    if (event.event === 'result') progress.results.set(event.file, event);
  }
  progress.running = [...progress.started.keys()].filter((file) => !progress.results.has(file));
  return progress;
}

/** What hung, one line each, and how many failures that adds: one per file named, or one for the run. */
function describeHang(outcome, progress, root, { fileMs, exitGraceMs }) {
  const name = (file) => relative(root, file);
  if (outcome.kind === 'lingered') {
    const culprits = [...progress.results.values()].filter((result) => result.leftOpen.length > 0);
    const lines = [
      `jest finished but did not exit within ${exitGraceMs / 1000} s: open handles kept it alive`,
      ...culprits.map((result) => `${name(result.file)} left open: ${result.leftOpen.join(', ')}`),
    ];
    return { lines, failures: 1, culprits: culprits.map((result) => result.file) };
  }
  const minutes = `${Math.round(fileMs / 6000) / 10} min`;
  const stillRunning = progress.running.filter((file) => !outcome.overdue.includes(file));
  const notStarted = Math.max(0, progress.total - progress.started.size);
  const lines = [
    ...outcome.overdue.map((file) => `${name(file)} hung: no result after ${minutes}`),
    ...stillRunning.map((file) => `${name(file)} was still running when the run was killed`),
    ...(outcome.overdue.length === 0 ? [`jest hung: no test file started or finished for ${minutes}`] : []),
    ...(notStarted > 0 ? [`${notStarted} of ${progress.total} test files never started`] : []),
  ];
  return { lines, failures: Math.max(1, progress.running.length), culprits: [] };
}

/** This run's counts: its report when jest wrote one during this run, else the files that reported. */
function countResults(reportPath, startedAt, progress) {
  const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : null;
  if (report && report.startTime >= startedAt) {
    // A file that could not run (an import failed) has no failed test but must count as a failure.
    const failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
    return { passed: report.numPassedTests, failed, problems: [] };
  }
  const results = [...progress.results.values()];
  return {
    passed: results.reduce((sum, result) => sum + result.passed, 0),
    failed: results.reduce(
      (sum, result) => sum + result.failed + (result.crashed && !result.failed ? 1 : 0),
      0,
    ),
    problems: report ? [`${reportPath} predates this run: counted the files that reported instead`] : [],
  };
}

/** Runs the files that left handles open again under --detectOpenHandles, for where each was opened. */
async function showOpenHandles(root, config, env, node, files, { fileMs }) {
  if (files.length === 0) return;
  console.log(`\n▶ where the open handles come from (jest --detectOpenHandles; not counted)`);
  const args = [JEST, '-c', config, '--runInBand', '--detectOpenHandles', '--forceExit', ...files];
  const child = spawn(node, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
  });
  const limit = setTimeout(() => void killGroup(child), fileMs * files.length);
  await new Promise((resolve) => child.once('exit', resolve));
  clearTimeout(limit);
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // the group is gone
  }
}

async function killGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (signalGroup(child, 'SIGKILL')) await exited;
}
