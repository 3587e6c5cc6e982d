// `npm run bench:logs` (issue 14): the log pages, stats and a large deletion through HTTP against the built
// gateway, on PostgreSQL with 10,000,000 rows and on the embedded SQLite file with 1,000,000 (see logs-seed.ts).
// Prints one table per database with a PASS/FAIL per target; exits 0 once measured (a benchmark, not a test).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { createDatabase } from './backing-stores';
import { readBenchConfig } from './bench-config';
import { Cleanup } from './cleanup';
import { BENCH_MODEL, waitUntilReady } from './gateway-admin';
import { runLoad } from './load';
import { type LogSeed, seedPostgresLogs, seedSqliteLogs } from './logs-seed';
import { freePort, startListening, startNode } from './processes';
import { summarize } from './stats';
import { bearer, UPSTREAM_KEY } from './targets';

const ROOT = resolve(__dirname, '../../..');
const DAY = 86_400;
const SAMPLES = 30;
const WARM_UP = 3;
const START_TIMEOUT_MS = 120_000;
// Header name from libs/contracts (USER_ID_HEADER).
const USER_ID_HEADER = 'New-Api-User';
const PASSWORD = 'bench-logs-1';
const LOAD_CONNECTIONS = 16;

const numberFrom = (value: string | undefined, fallback: number): number =>
  value === undefined || value === '' ? fallback : Number(value);

interface Gateway {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

interface Row {
  query: string;
  p50: number;
  p99: number;
  target: string;
  pass: boolean;
}

async function startGateway(env: Record<string, string>, cleanup: Cleanup): Promise<Gateway> {
  const port = await freePort();
  const child = startNode('gateway', join(ROOT, 'apps/server/dist/main.js'), {
    NODE_ENV: 'production',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...env,
  });
  cleanup.add('stop the gateway', () => child.stop());
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilReady(origin, START_TIMEOUT_MS, () => child.running);
  return { origin, pid: child.pid, stop: () => child.stop() };
}

async function call(origin: string, method: string, path: string, headers: object, body?: object) {
  const response = await request(`${origin}${path}`, {
    method: method as 'GET',
    headers: { 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.body.text();
  const envelope = JSON.parse(text) as { success: boolean; message: string; data: unknown };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
  return { envelope, setCookie: response.headers['set-cookie'] };
}

async function signIn(origin: string): Promise<Record<string, string>> {
  const { envelope, setCookie } = await call(
    origin,
    'POST',
    '/api/user/login',
    {},
    { username: 'root', password: PASSWORD },
  );
  const cookie = ([] as string[])
    .concat(setCookie ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, [USER_ID_HEADER]: String((envelope.data as { id: number }).id) };
}

/** Setup wizard, root's session, a priced model on a channel to the mock, and a relay token. */
async function provision(origin: string, mockUrl: string) {
  await call(
    origin,
    'POST',
    '/api/setup',
    {},
    {
      username: 'root',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      SelfUseModeEnabled: false,
      DemoSiteEnabled: false,
    },
  );
  const session = await signIn(origin);
  await call(origin, 'PUT', '/api/option/', session, {
    key: 'ModelRatio',
    value: JSON.stringify({ [BENCH_MODEL]: 1 }),
  });
  await call(origin, 'POST', '/api/channel/', session, {
    type: 1,
    key: UPSTREAM_KEY,
    group: 'default',
    name: 'mock',
    base_url: mockUrl,
    models: BENCH_MODEL,
  });
  const { envelope } = await call(origin, 'POST', '/api/token/', session, {
    name: 'bench',
    unlimited_quota: true,
  });
  return { session, key: (envelope.data as Array<{ key: string }>)[0].key };
}

async function time(
  origin: string,
  session: object,
  query: string,
  path: string,
  p50Ms: number,
  p99Ms?: number,
) {
  const samples: number[] = [];
  for (let i = 0; i < WARM_UP + SAMPLES; i += 1) {
    const started = performance.now();
    await call(origin, 'GET', path, session);
    if (i >= WARM_UP) samples.push(performance.now() - started);
  }
  const { p50, p99 } = summarize(samples);
  const target = p99Ms === undefined ? `≤ ${p50Ms} ms` : `≤ ${p50Ms} / ${p99Ms} ms`;
  return { query, p50, p99, target, pass: p50 <= p50Ms && (p99Ms === undefined || p99 <= p99Ms) };
}

function render(title: string, rows: readonly Row[]): string {
  return [
    title,
    '| query | p50 ms | p99 ms | target (p50 / p99) | verdict |',
    '|---|---:|---:|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.query} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.target} | ${row.pass ? 'PASS' : 'FAIL'} |`,
    ),
  ].join('\n');
}

/** The table of reads for one database (`admin` false on SQLite: its target is the user's page only). */
async function reads(origin: string, session: object, now: number, admin: boolean): Promise<Row[]> {
  const day = `start_timestamp=${now - DAY}&end_timestamp=${now}`;
  const rows = [
    await time(
      origin,
      session,
      'own first page, last 24 h (heaviest user)',
      `/api/log/self/?p=1&page_size=10&type=0&${day}`,
      30,
      100,
    ),
    await time(
      origin,
      session,
      'own first page, no filter (heaviest user)',
      '/api/log/self/?p=1&page_size=10',
      30,
      100,
    ),
  ];
  if (!admin) return rows.map((row) => ({ ...row, target: '≤ 50 ms', pass: row.p50 <= 50 }));
  rows.push(
    await time(origin, session, 'admin first page, no filter', '/api/log/?p=1&page_size=10', 100, 250),
    await time(
      origin,
      session,
      'admin first page, model + 1 day',
      `/api/log/?p=1&page_size=10&model_name=model-5&${day}`,
      100,
      250,
    ),
    await time(origin, session, 'own stat, last 24 h (heaviest user)', `/api/log/self/stat?${day}`, 100),
    await time(origin, session, 'admin stat, 1 day', `/api/log/stat?${day}`, 300),
  );
  return rows;
}

/** Deletes about `rows` of the oldest rows while the relay is under load; the relay's p99 before and during. */
async function deletionUnderLoad(
  gateway: Gateway,
  session: object,
  key: string,
  seed: LogSeed,
  seconds: number,
) {
  const target = { name: 'gateway', origin: gateway.origin, headers: bearer(key), pid: gateway.pid };
  const before = await runLoad(target, BENCH_MODEL, 'non-stream', LOAD_CONNECTIONS, seconds);
  const cutoff = seed.now - seed.days * DAY + Math.round((seed.days * DAY) / 10);
  const during = runLoad(target, BENCH_MODEL, 'non-stream', LOAD_CONNECTIONS, seconds);
  await new Promise((done) => setTimeout(done, 1_000));
  const started = performance.now();
  const { envelope } = await call(gateway.origin, 'DELETE', `/api/log/?target_timestamp=${cutoff}`, session);
  const deleteSeconds = (performance.now() - started) / 1000;
  const load = await during;
  const growth = load.latency.p99 / before.latency.p99 - 1;
  return [
    `Deleting the oldest tenth while the relay runs at c=${LOAD_CONNECTIONS} (${seconds} s runs, non-stream):`,
    `  ${Number(envelope.data).toLocaleString('en')} rows in ${deleteSeconds.toFixed(1)} s (target ≤ 60 s: ${deleteSeconds <= 60 ? 'PASS' : 'FAIL'})`,
    `  relay p50/p99 before ${before.latency.p50.toFixed(2)} / ${before.latency.p99.toFixed(2)} ms, during ` +
      `${load.latency.p50.toFixed(2)} / ${load.latency.p99.toFixed(2)} ms (p99 ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(0)} %, ` +
      `target ≤ +25 %: ${growth <= 0.25 ? 'PASS' : 'FAIL'}); req/s ${before.requestsPerSecond.toFixed(0)} → ${load.requestsPerSecond.toFixed(0)}; failures ${before.failures + load.failures}`,
  ].join('\n');
}

const progress = (what: string) => (text: string) => console.log(`  ${what}: ${text}`);

async function postgres(
  mockUrl: string,
  adminUrl: string,
  cleanup: Cleanup,
  seed: LogSeed,
  loadSeconds: number,
) {
  const database = await createDatabase(adminUrl);
  cleanup.add('drop the database', () => database.drop());
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-logs-'));
  cleanup.add('remove the data dir', () =>
    Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  );
  const gateway = await startGateway({ DATABASE_URL: database.url, DATA_DIR: dataDir }, cleanup);
  const { session, key } = await provision(gateway.origin, mockUrl);
  const started = performance.now();
  await seedPostgresLogs(database.url, seed, progress('PostgreSQL'));
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const rows = await reads(gateway.origin, session, seed.now, true);
  const title = `PostgreSQL, ${seed.rows.toLocaleString('en')} log rows, ${SAMPLES} sequential calls each`;
  console.log(render(title, rows));
  console.log(await deletionUnderLoad(gateway, session, key, seed, loadSeconds));
}

async function sqlite(mockUrl: string, cleanup: Cleanup, seed: LogSeed) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-logs-sqlite-'));
  cleanup.add('remove the SQLite data dir', () =>
    Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  );
  const first = await startGateway({ DATA_DIR: dataDir }, cleanup);
  await provision(first.origin, mockUrl);
  await first.stop();
  seedSqliteLogs(join(dataDir, 'tollgate.db'), seed, progress('SQLite'));
  const gateway = await startGateway({ DATA_DIR: dataDir }, cleanup);
  const session = await signIn(gateway.origin);
  const title = `SQLite, ${seed.rows.toLocaleString('en')} log rows, ${SAMPLES} sequential calls each`;
  console.log(render(title, await reads(gateway.origin, session, seed.now, false)));
}

async function main(): Promise<void> {
  const config = readBenchConfig(process.env);
  const now = Math.floor(Date.now() / 1000);
  const shape = { days: 90, users: 10_000, models: 200, channels: 50, now };
  const pgRows = numberFrom(process.env.BENCH_LOG_ROWS, 10_000_000);
  const sqliteRows = numberFrom(process.env.BENCH_LOG_SQLITE_ROWS, 1_000_000);
  const loadSeconds = numberFrom(process.env.BENCH_LOG_LOAD_SECONDS, 20);
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const cleanup = new Cleanup();
  try {
    const { origin: mockUrl } = await startListening(
      cleanup,
      'mock',
      join(ROOT, 'tools/mock-upstream/dist/main.js'),
      { PORT: '0', MOCK_RECORD: '0' },
      START_TIMEOUT_MS,
    );
    if (pgRows > 0)
      await postgres(mockUrl, config.databaseAdminUrl, cleanup, { ...shape, rows: pgRows }, loadSeconds);
    if (sqliteRows > 0) await sqlite(mockUrl, cleanup, { ...shape, rows: sqliteRows });
    console.log(
      `Load at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await cleanup.runAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
