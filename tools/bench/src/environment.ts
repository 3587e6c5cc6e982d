// Starts what a run measures: mock upstreams, the bare proxy, and the production gateway on a fresh
// PostgreSQL database and Redis, set up through its admin API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { type BenchConfig } from './bench-config';
import { createDatabase, deleteGatewayKeys } from './backing-stores';
import { type Cleanup } from './cleanup';
import { BENCH_MODEL, provisionGateway, waitUntilReady } from './gateway-admin';
import { OPEN_TIMEOUT_MS } from './open-streams';
import { type BenchChild, freePort, startNode } from './processes';
import { BARE, GATEWAY, MOCK } from './report';
import { bearer, CHAT_PATH, chatBody, type Target, UPSTREAM_KEY } from './targets';

const LISTENING = /listening on (http:\/\/[\d.]+:\d+)/;
const START_TIMEOUT_MS = 60_000;
// Below the gateway's 1,024 upstream sockets per origin, with room for an uneven weighted-random spread.
const STREAMS_PER_DRIP_MOCK = 800;
// Drip streams must outlive the longest wait for all of them to open, the hold, and this much more.
const DRIP_SPARE_SECONDS = 10;

export interface Paths {
  server: string;
  mock: string;
  bareProxy: string;
}

export interface BenchEnvironment {
  mock: Target;
  bare: Target;
  gateway: Target;
  gatewayProcess: BenchChild;
}

async function startListening(cleanup: Cleanup, name: string, script: string, env: Record<string, string>) {
  const child = startNode(name, script, env);
  cleanup.add(`stop ${name}`, () => child.stop());
  const [, origin] = await child.waitForLine(LISTENING, START_TIMEOUT_MS);
  return { child, origin };
}

export function dripMockCount(config: BenchConfig): number {
  return config.openStreams === 0 ? 0 : Math.ceil(config.openStreams / STREAMS_PER_DRIP_MOCK);
}

function dripHeaders(config: BenchConfig): Record<string, string> {
  const lifetimeSeconds = OPEN_TIMEOUT_MS / 1000 + config.holdSeconds + DRIP_SPARE_SECONDS;
  return {
    'x-mock-behaviour': `slow-drip,delayMs=${config.dripMs}`,
    'x-mock-reply-words': String(Math.ceil((lifetimeSeconds * 1000) / config.dripMs)),
  };
}

async function startGateway(
  config: BenchConfig,
  paths: Paths,
  cleanup: Cleanup,
): Promise<{ child: BenchChild; origin: string }> {
  const database = await createDatabase(config.databaseAdminUrl);
  cleanup.add('drop the database', () => database.drop());
  const leftover = await deleteGatewayKeys(config.redisUrl);
  if (leftover > 0) console.log(`  removed ${leftover} Redis keys left by an interrupted run`);
  cleanup.add('delete Redis keys', async () =>
    console.log(`  deleted ${await deleteGatewayKeys(config.redisUrl)} Redis keys`),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-'));
  cleanup.add('remove the data dir', () =>
    Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  );
  const port = await freePort();
  const child = startNode(
    'gateway',
    paths.server,
    {
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: config.redisUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    config.gatewayNodeArgs,
  );
  cleanup.add('stop the gateway', () => child.stop());
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(origin, START_TIMEOUT_MS, () => child.running);
  } catch (error) {
    console.error(child.recentOutput.join('\n'));
    throw error;
  }
  return { child, origin };
}

/** Retries a first chat call while the routing cache picks the new channel up. */
async function checkAnswers(target: Target): Promise<void> {
  let last = '';
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await request(`${target.origin}${CHAT_PATH}`, {
      method: 'POST',
      headers: target.headers,
      body: chatBody(BENCH_MODEL, 'non-stream'),
    });
    last = await response.body.text();
    if (response.statusCode === 200 && last.includes('echo: hello there')) return;
    await sleep(200);
  }
  throw new Error(`${target.name} does not relay chat: ${last}`);
}

export async function startEnvironment(
  config: BenchConfig,
  paths: Paths,
  cleanup: Cleanup,
): Promise<BenchEnvironment> {
  const mockEnv = { PORT: '0', MOCK_RECORD: '0' };
  const mock = await startListening(cleanup, 'mock upstream', paths.mock, mockEnv);
  const dripUrls: string[] = [];
  for (let i = 0; i < dripMockCount(config); i += 1)
    dripUrls.push((await startListening(cleanup, `drip mock ${i + 1}`, paths.mock, mockEnv)).origin);
  const bare = await startListening(cleanup, 'bare proxy', paths.bareProxy, {
    PORT: '0',
    UPSTREAM_URL: mock.origin,
  });
  const gateway = await startGateway(config, paths, cleanup);
  const key = await provisionGateway(gateway.origin, mock.origin, {
    upstreamUrls: dripUrls,
    headers: dripHeaders(config),
  });
  const upstreamAuth = bearer(UPSTREAM_KEY);
  const env: BenchEnvironment = {
    mock: { name: MOCK, origin: mock.origin, headers: upstreamAuth, pid: mock.child.pid },
    bare: { name: BARE, origin: bare.origin, headers: upstreamAuth, pid: bare.child.pid },
    gateway: { name: GATEWAY, origin: gateway.origin, headers: bearer(key), pid: gateway.child.pid },
    gatewayProcess: gateway.child,
  };
  for (const target of [env.mock, env.bare, env.gateway]) await checkAnswers(target);
  return env;
}
