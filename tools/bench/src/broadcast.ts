// A message to every user (issue 16): 100,000 users on PostgreSQL, one POST /api/admin/messages with all_users
// timed through HTTP against the built gateway, while the relay is loaded (16 connections, non-stream chat to
// the mock upstream). One more caller chats in a loop, one call at a time: its latencies while the broadcast
// runs are printed beside its latencies in the same load just before. Runnable
// alone: `node tools/bench/dist/broadcast.js` (after `npm run build` and `npx nx run bench:build`);
// BENCH_DATABASE_URL and BENCH_REDIS_URL as for `npm run bench`, BENCH_BROADCAST_USERS (100000).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { request } from 'undici';
import { createDatabase, deleteGatewayKeys } from './backing-stores';
import { readBenchConfig } from './bench-config';
import { Cleanup } from './cleanup';
import { BENCH_MODEL, waitUntilReady } from './gateway-admin';
import { runLoad, type LoadResult } from './load';
import { freePort, startListening, startNode } from './processes';
import { summarize } from './stats';
import { CHAT_PATH, UPSTREAM_KEY, bearer, chatBody, type Target } from './targets';

const START_TIMEOUT_MS = 60_000;
const TARGET_MS = 10_000;
const CONNECTIONS = 16;
const LOAD_SECONDS = 14;
const BEFORE_MS = 3_000;
// Header name from libs/contracts (USER_ID_HEADER).
const USER_ID_HEADER = 'New-Api-User';

interface Envelope {
  success: boolean;
  message: string;
  data: unknown;
}

/** The setup wizard and the root's session, then what a relayed call needs: a price, a channel, a token. */
async function provision(
  origin: string,
  upstream: string,
): Promise<{ session: Record<string, string>; key: string }> {
  const password = 'bench-broadcast-1';
  const call = async (
    method: 'POST' | 'PUT',
    path: string,
    body: object,
    headers = {},
  ): Promise<Envelope> => {
    const response = await request(`${origin}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const envelope = (await response.body.json()) as Envelope;
    if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
    if (path === '/api/user/login') {
      const cookie = ([] as string[])
        .concat(response.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0])
        .join('; ');
      envelope.data = { cookie, [USER_ID_HEADER]: String((envelope.data as { id: number }).id) };
    }
    return envelope;
  };
  await call('POST', '/api/setup', {
    username: 'root',
    password,
    confirmPassword: password,
    SelfUseModeEnabled: false,
    DemoSiteEnabled: false,
  });
  const session = (await call('POST', '/api/user/login', { username: 'root', password })).data as Record<
    string,
    string
  >;
  await call(
    'PUT',
    '/api/option/',
    { key: 'ModelRatio', value: JSON.stringify({ [BENCH_MODEL]: 1 }) },
    session,
  );
  await call(
    'POST',
    '/api/channel/',
    { type: 1, key: UPSTREAM_KEY, group: 'default', name: 'mock', base_url: upstream, models: BENCH_MODEL },
    session,
  );
  const tokens = (await call('POST', '/api/token/', { name: 'bench', unlimited_quota: true }, session))
    .data as Array<{
    key: string;
  }>;
  return { session, key: tokens[0].key };
}

/** Users as a busy gateway holds them; inserted in SQL (the API would hash 100,000 passwords). */
async function seedUsers(databaseUrl: string, count: number): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (username, password, display_name, created_at)
       SELECT 'bench' || g, 'x', 'Bench user ' || g, extract(epoch FROM now())::bigint FROM generate_series(1, $1) g`,
      [count],
    );
    await client.query('ANALYZE users');
  } finally {
    await client.end();
  }
}

async function broadcast(
  origin: string,
  session: Record<string, string>,
): Promise<{ ms: number; recipients: number }> {
  const started = performance.now();
  const response = await request(`${origin}/api/admin/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...session },
    body: JSON.stringify({
      title: 'To everyone',
      content: 'Maintenance tonight.',
      format: 'markdown',
      all_users: true,
    }),
  });
  const envelope = (await response.body.json()) as Envelope;
  const ms = performance.now() - started;
  if (!envelope.success) throw new Error(`broadcast: ${envelope.message}`);
  return {
    ms,
    recipients: (envelope.data as { stats: { total_recipients: number } }).stats.total_recipients,
  };
}

/** One chat call after another until `until` settles; answers each call's milliseconds. */
async function probe(target: Target, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const samples: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await request(`${target.origin}${CHAT_PATH}`, {
      method: 'POST',
      headers: target.headers,
      body: chatBody(BENCH_MODEL, 'non-stream'),
    });
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`relay answered ${response.statusCode}`);
    samples.push(performance.now() - started);
  }
  return samples;
}

const row = (label: string, samples: number[]): string => {
  const { p50, p99, max } = summarize(samples);
  return `| ${label} | ${samples.length} | ${p50.toFixed(2)} | ${p99.toFixed(2)} | ${max.toFixed(2)} |`;
};

async function main(): Promise<void> {
  const config = readBenchConfig(process.env);
  const users = Number(process.env.BENCH_BROADCAST_USERS ?? 100_000);
  const root = resolve(__dirname, '../../..');
  const cleanup = new Cleanup();
  try {
    const database = await createDatabase(config.databaseAdminUrl);
    cleanup.add('drop the database', () => database.drop());
    await deleteGatewayKeys(config.redisUrl);
    cleanup.add('delete Redis keys', () => deleteGatewayKeys(config.redisUrl).then(() => undefined));
    const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-broadcast-'));
    cleanup.add('remove the data dir', () =>
      Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    );
    const mock = await startListening(
      cleanup,
      'mock upstream',
      join(root, 'tools/mock-upstream/dist/main.js'),
      {
        PORT: '0',
        MOCK_RECORD: '0',
      },
    );
    const port = await freePort();
    const gateway = startNode('gateway', join(root, 'apps/server/dist/main.js'), {
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: config.redisUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    cleanup.add('stop the gateway', () => gateway.stop());
    const origin = `http://127.0.0.1:${port}`;
    await waitUntilReady(origin, START_TIMEOUT_MS, () => gateway.running);
    const { session, key } = await provision(origin, mock.origin);
    await seedUsers(database.url, users);
    const target: Target = { name: 'gateway', origin, headers: bearer(key), pid: gateway.pid };

    await runLoad(target, BENCH_MODEL, 'non-stream', CONNECTIONS, 3); // warm-up
    const load = runLoad(target, BENCH_MODEL, 'non-stream', CONNECTIONS, LOAD_SECONDS);
    await sleep(1_000);
    const before = await probe(target, sleep(BEFORE_MS));
    const sending = broadcast(origin, session);
    const during = await probe(target, sending);
    const sent = await sending;
    const loaded: LoadResult = await load;

    console.log(
      `load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `Broadcast to every user (PostgreSQL + Redis, ${users.toLocaleString('en')} users seeded): ` +
        `${sent.recipients.toLocaleString('en')} recipients in ${(sent.ms / 1000).toFixed(2)} s (target ≤ 10 s: ` +
        `${sent.ms <= TARGET_MS ? 'PASS' : 'FAIL'})`,
    );
    console.log(
      `Relay under ${CONNECTIONS} connections of non-stream chat: ${Math.round(loaded.requestsPerSecond)} req/s, ` +
        `${loaded.failures} failed. One more caller, one call at a time:`,
    );
    console.log('| window | calls | p50 ms | p99 ms | max ms |');
    console.log('|---|---|---|---|---|');
    console.log(row(`${BEFORE_MS / 1000} s before the broadcast`, before));
    console.log(row('while the broadcast runs', during));
  } finally {
    await cleanup.runAll();
  }
}

if (require.main === module) void main();
