// The data dashboard's reads at the size a gateway with 10,000,000 log rows reaches (issue 14): quota_data
// seeded as those rows leave it (90 days of hours; per hour ~1,800 buckets of 10,000 users and 200 models, both
// skewed, and 150 all-users rows), then GET /api/data/ and /api/data/self timed through HTTP against the built
// gateway on PostgreSQL. Runnable alone: `node tools/bench/dist/dashboard-data.js` (after `npm run build` and
// `npx nx run bench:build`); BENCH_DATABASE_URL as for `npm run bench`.
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

interface Row {
  query: string;
  targetMs: number;
  p50: number;
  p99: number;
  entries: number;
  bytes: number;
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

async function time(
  origin: string,
  headers: Record<string, string>,
  query: string,
  path: string,
  targetMs: number,
): Promise<Row> {
  const samples: number[] = [];
  let entries = 0;
  let bytes = 0;
  for (let i = 0; i < WARM_UP + SAMPLES; i += 1) {
    const started = performance.now();
    const response = await request(`${origin}${path}`, { headers });
    const text = await response.body.text();
    if (i >= WARM_UP) samples.push(performance.now() - started);
    const body = JSON.parse(text) as { success: boolean; message: string; data: unknown[] };
    if (!body.success) throw new Error(`${path}: ${body.message}`);
    entries = body.data.length;
    bytes = text.length;
  }
  const { p50, p99 } = summarize(samples);
  return { query, targetMs, p50, p99, entries, bytes };
}

export function renderDashboardData(rows: readonly Row[], tableRows: number): string {
  const lines = [
    `Dashboard data: quota_data with ${tableRows.toLocaleString('en')} rows (PostgreSQL), ${SAMPLES} sequential calls each`,
    '| query | p50 ms | p99 ms | entries | bytes | target | verdict |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.query} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.entries} | ${row.bytes} | ` +
        `${row.targetMs} ms | ${row.p50 <= row.targetMs ? 'PASS' : 'FAIL'} |`,
    ),
  ];
  return lines.join('\n');
}

export async function measureDashboardData(root: string, databaseAdminUrl: string, cleanup: Cleanup) {
  const database = await createDatabase(databaseAdminUrl);
  cleanup.add('drop the database', () => database.drop());
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-dashboard-'));
  cleanup.add('remove the data dir', () =>
    Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  );
  const port = await freePort();
  const gateway = startNode('gateway', join(root, 'apps/server/dist/main.js'), {
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  cleanup.add('stop the gateway', () => gateway.stop());
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilReady(origin, START_TIMEOUT_MS, () => gateway.running);
  const headers = await signIn(origin);
  const now = Math.floor(Date.now() / 1000);
  const { tableRows, typical } = await seed(database.url, now);
  const month = `start_timestamp=${now - MONTH}&end_timestamp=${now}`;
  const days = `${month}&granularity=day&utc_offset=28800`;
  const rows = [
    await time(origin, headers, 'admin, all users, 30 days by hour', `/api/data/?${month}`, 200),
    await time(origin, headers, 'admin, all users, 30 days by day', `/api/data/?${days}`, 200),
    await time(
      origin,
      headers,
      'admin, a typical user, 30 days by hour',
      `/api/data/?${month}&username=${typical}`,
      100,
    ),
    await time(
      origin,
      headers,
      'admin, the busiest user, 30 days by hour',
      `/api/data/?${month}&username=root`,
      100,
    ),
    await time(origin, headers, 'own, the busiest user, 30 days by hour', `/api/data/self?${month}`, 100),
    await time(origin, headers, 'own, the busiest user, 30 days by day', `/api/data/self?${days}`, 100),
  ];
  return { rows, tableRows };
}

async function main(): Promise<void> {
  const config = readBenchConfig(process.env);
  const cleanup = new Cleanup();
  try {
    const { rows, tableRows } = await measureDashboardData(
      resolve(__dirname, '../../..'),
      config.databaseAdminUrl,
      cleanup,
    );
    console.log(
      `load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(renderDashboardData(rows, tableRows));
  } finally {
    await cleanup.runAll();
  }
}

if (require.main === module) void main();
