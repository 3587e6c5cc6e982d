// The data dashboard's reads at the size a gateway with 10,000,000 log rows reaches (issue 14): quota_data
// seeded as those rows leave it (90 days of hours; per hour ~1,800 buckets of 10,000 users and 200 models, both
// skewed, and 150 all-users rows), then GET /api/data/ and /api/data/self timed through HTTP against the built
// gateway on PostgreSQL: the console's series answers and the reference's rows. Runnable alone:
// `node tools/bench/dist/dashboard-data.js` (after `npm run build` and `npx nx run bench:build`); BENCH_DATABASE_URL
// as for `npm run bench`. BENCH_BASELINE_SERVER (another build's main.js, e.g. a copy of apps/server/dist made at an
// older commit) starts that build too, on the same database, and times each query on both, call for call in turn,
// so a before/after ratio is measured under the same machine load. BENCH_SERVER times another build's main.js
// instead of apps/server/dist/main.js (a copy that a concurrent build cannot replace halfway).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { request } from 'undici';
import { createDatabase } from './backing-stores';
import { readBenchConfig } from './bench-config';
import { Cleanup } from './cleanup';
import { waitUntilReady } from './gateway-admin';
import { freePort, startNode } from './processes';
import { summarize } from './stats';

const HOURS = 90 * 24;
const DRAWS_PER_HOUR = 1_800;
const MODELS_PER_HOUR = 150;
const SAMPLES = 20;
const WARM_UP = 2;
const MONTH = 30 * 86_400;
const START_TIMEOUT_MS = 60_000;
// Header name from libs/contracts (USER_ID_HEADER).
const USER_ID_HEADER = 'New-Api-User';

/** A gateway to time: where it listens and a signed-in root's headers. */
interface Gateway {
  origin: string;
  headers: Record<string, string>;
}

/** One query: the path this build answers it on, and the path the baseline build answers the same need on. */
interface Query {
  query: string;
  path: string;
  baselinePath: string;
  targetMs: number;
}

interface Timing {
  p50: number;
  p99: number;
  entries: number;
  bytes: number;
}

interface Row extends Timing {
  query: string;
  targetMs: number;
  baseline?: Timing;
}

/**
 * 90 days of hourly buckets; the busiest user's become the root's, so /self times the heaviest one. Answers the
 * table's size and the username of a typical user (the median by buckets).
 */
async function seed(databaseUrl: string, now: number): Promise<{ tableRows: number; typical: string }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const first = now - (now % 3600) - (HOURS - 1) * 3600;
    const columns = 'user_id, username, model_name, created_at, token_used, count, quota';
    await client.query(
      `INSERT INTO quota_data (${columns})
       SELECT DISTINCT ON (u, m, h) u, 'user' || u, 'model-' || m, ${first} + h * 3600, 900, 3, 1350
       FROM (SELECT h, (floor(power(random(), 3) * 10000) + 2)::int AS u,
                    floor(power(random(), 2) * 200)::int AS m
             FROM generate_series(0, ${HOURS - 1}) h CROSS JOIN generate_series(1, ${DRAWS_PER_HOUR}) k) draws`,
    );
    await client.query(
      `INSERT INTO quota_data (${columns})
       SELECT 0, '', 'model-' || m, ${first} + h * 3600, 40000, 130, 60000
       FROM generate_series(0, ${HOURS - 1}) h CROSS JOIN generate_series(0, ${MODELS_PER_HOUR - 1}) m`,
    );
    await client.query(
      `UPDATE quota_data SET user_id = 1, username = 'root' WHERE user_id =
         (SELECT user_id FROM quota_data WHERE user_id > 1 GROUP BY user_id ORDER BY count(*) DESC LIMIT 1)`,
    );
    await client.query('ANALYZE quota_data');
    const [{ rows }] = (await client.query<{ rows: string }>('SELECT count(*) AS rows FROM quota_data')).rows;
    const [{ username }] = (
      await client.query<{ username: string }>(
        `SELECT username FROM (SELECT username, count(*) AS n FROM quota_data WHERE user_id > 1 GROUP BY username) s
         ORDER BY n LIMIT 1 OFFSET (SELECT count(DISTINCT user_id) / 2 FROM quota_data WHERE user_id > 1)`,
      )
    ).rows;
    return { tableRows: Number(rows), typical: username };
  } finally {
    await client.end();
  }
}

async function signIn(origin: string): Promise<Record<string, string>> {
  const password = 'bench-dashboard-1';
  const post = (path: string, body: object) =>
    request(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await (
    await post('/api/setup', {
      username: 'root',
      password,
      confirmPassword: password,
      SelfUseModeEnabled: false,
      DemoSiteEnabled: false,
    })
  ).body.dump();
  const login = await post('/api/user/login', { username: 'root', password });
  const { data } = (await login.body.json()) as { data: { id: number } };
  const cookie = ([] as string[])
    .concat(login.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, [USER_ID_HEADER]: String(data.id) };
}

/** Buckets in an answer: rows, or the entries of every model's series. */
function entriesOf(data: unknown): number {
  if (Array.isArray(data)) return data.length;
  const { models } = data as { models: Array<{ created_at: unknown[] }> };
  return models.reduce((sum, model) => sum + model.created_at.length, 0);
}

/** Times the query on each gateway in turn, call for call (each gateway's first calls only warm it up). */
async function time(targets: ReadonlyArray<{ gateway: Gateway; path: string }>): Promise<Timing[]> {
  const timings = targets.map(() => ({ samples: [] as number[], entries: 0, bytes: 0 }));
  for (let i = 0; i < WARM_UP + SAMPLES; i += 1) {
    for (const [index, { gateway, path }] of targets.entries()) {
      const started = performance.now();
      const response = await request(`${gateway.origin}${path}`, { headers: gateway.headers });
      const text = await response.body.text();
      const timing = timings[index];
      if (i >= WARM_UP) timing.samples.push(performance.now() - started);
      const body = JSON.parse(text) as { success: boolean; message: string; data: unknown };
      if (!body.success) throw new Error(`${path}: ${body.message}`);
      timing.entries = entriesOf(body.data);
      timing.bytes = text.length;
    }
  }
  return timings.map(({ samples, entries, bytes }) => ({ ...summarize(samples), entries, bytes }));
}

export function renderDashboardData(rows: readonly Row[], tableRows: number): string {
  const compared = rows.some((row) => row.baseline);
  const figures = (timing: Timing) =>
    `${timing.p50.toFixed(1)} | ${timing.p99.toFixed(1)} | ${timing.entries} | ${timing.bytes}`;
  const lines = [
    `Dashboard data: quota_data with ${tableRows.toLocaleString('en')} rows (PostgreSQL), ${SAMPLES} sequential calls each`,
    '| query | p50 ms | p99 ms | entries | bytes | target | verdict |' +
      (compared ? ' baseline p50 ms | baseline p99 ms | baseline entries | baseline bytes |' : ''),
    '|---|---|---|---|---|---|---|' + (compared ? '---|---|---|---|' : ''),
    ...rows.map(
      (row) =>
        `| ${row.query} | ${figures(row)} | ${row.targetMs} ms | ${row.p50 <= row.targetMs ? 'PASS' : 'FAIL'} |` +
        (row.baseline ? ` ${figures(row.baseline)} |` : compared ? ' | | | |' : ''),
    ),
  ];
  return lines.join('\n');
}

/** The console's reads (series per model; the baseline's rows for the same buckets), then the reference's rows. */
function queries(now: number, typical: string): Query[] {
  const month = `start_timestamp=${now - MONTH}&end_timestamp=${now}`;
  const days = `${month}&granularity=day&utc_offset=28800`;
  const hours = `${month}&granularity=hour`;
  const series = (query: string, route: string, parameters: string, targetMs: number): Query => ({
    query: `series: ${query}`,
    path: `${route}series?${parameters}`,
    baselinePath: `${route}?${parameters}`,
    targetMs,
  });
  const rows = (query: string, path: string, targetMs: number): Query => ({
    query: `rows: ${query}`,
    path,
    baselinePath: path,
    targetMs,
  });
  return [
    series('admin, all users, 30 days by hour', '/api/data/', hours, 200),
    series('admin, all users, 30 days by day', '/api/data/', days, 200),
    series('admin, a typical user, 30 days by hour', '/api/data/', `${hours}&username=${typical}`, 100),
    series('admin, the busiest user, 30 days by hour', '/api/data/', `${hours}&username=root`, 100),
    series('own, the busiest user, 30 days by hour', '/api/data/self/', hours, 100),
    series('own, the busiest user, 30 days by day', '/api/data/self/', days, 100),
    rows('admin, all users, 30 days by hour', `/api/data/?${month}`, 200),
    rows('own, the busiest user, 30 days by hour', `/api/data/self?${month}`, 100),
  ];
}

async function startGateway(
  name: string,
  script: string,
  databaseUrl: string,
  cleanup: Cleanup,
): Promise<Gateway> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-dashboard-'));
  cleanup.add(`remove the ${name} data dir`, () =>
    Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  );
  const port = await freePort();
  const gateway = startNode(name, script, {
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  cleanup.add(`stop the ${name}`, () => gateway.stop());
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(origin, START_TIMEOUT_MS, () => gateway.running);
  } catch (error) {
    console.error(gateway.recentOutput.join('\n'));
    throw error;
  }
  return { origin, headers: await signIn(origin) };
}

const loadAverage = (): string =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

export async function measureDashboardData(
  serverScript: string,
  databaseAdminUrl: string,
  cleanup: Cleanup,
  baselineScript?: string,
) {
  const database = await createDatabase(databaseAdminUrl);
  cleanup.add('drop the database', () => database.drop());
  const gateway = await startGateway('gateway', serverScript, database.url, cleanup);
  const now = Math.floor(Date.now() / 1000);
  const { tableRows, typical } = await seed(database.url, now);
  // Signed in after the seed (which gives the busiest user's buckets to the root, user 1): setup is done by then.
  const baseline = baselineScript
    ? await startGateway('baseline gateway', resolve(baselineScript), database.url, cleanup)
    : undefined;
  const loadBefore = loadAverage();
  const rows: Row[] = [];
  for (const query of queries(now, typical)) {
    const targets = [{ gateway, path: query.path }];
    if (baseline) targets.push({ gateway: baseline, path: query.baselinePath });
    const [timing, baselineTiming] = await time(targets);
    rows.push({ query: query.query, targetMs: query.targetMs, ...timing, baseline: baselineTiming });
  }
  return { rows, tableRows, load: `${loadBefore} before, ${loadAverage()} after` };
}

async function main(): Promise<void> {
  const config = readBenchConfig(process.env);
  const cleanup = new Cleanup();
  try {
    const { rows, tableRows, load } = await measureDashboardData(
      resolve(process.env.BENCH_SERVER || join(__dirname, '../../../apps/server/dist/main.js')),
      config.databaseAdminUrl,
      cleanup,
      process.env.BENCH_BASELINE_SERVER || undefined,
    );
    console.log(`load average ${load}`);
    console.log(renderDashboardData(rows, tableRows));
  } finally {
    await cleanup.runAll();
  }
}

if (require.main === module) void main();
