// Starts what a run measures: mock upstreams, the bare proxy, Portkey (when it installs), and the production
// gateway on a fresh PostgreSQL database and Redis, set up through its admin API with two payers.
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
import { OrdinaryPayer } from './ordinary-payer';
import { installPortkey, portkeyHeaders, type PortkeyInstall, startPortkey } from './portkey';
import { type BenchChild, freePort, startListening, startNode } from './processes';
import { BARE, GATEWAY_ORDINARY, GATEWAY_RICH, MOCK, PORTKEY } from './results';
import { bearer, CHAT_PATH, chatBody, type Target, UPSTREAM_KEY } from './targets';

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
  portkey: Target | { skipped: string };
  /** The root's unlimited token (also the one the open streams use). */
  gateway: Target;
  ordinary: Target;
  ordinaryPayer: OrdinaryPayer;
  gatewayProcess: BenchChild;
  /** The gateway's metrics port (Prometheus text). */
  gatewayMetrics: string;
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
): Promise<{ child: BenchChild; origin: string; metricsOrigin: string }> {
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
  const metricsPort = await freePort();
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
      // Its own event-loop delay, read while streams are held (open-streams.ts).
      METRICS_PORT: String(metricsPort),
    },
    { nodeArgs: config.gatewayNodeArgs },
  );
  cleanup.add('stop the gateway', () => child.stop());
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(origin, START_TIMEOUT_MS, () => child.running);
  } catch (error) {
    console.error(child.recentOutput.join('\n'));
    throw error;
  }
  return { child, origin, metricsOrigin: `http://127.0.0.1:${metricsPort}` };
}

/** Retries a first chat call while the routing cache picks the new channel up. */
export async function checkAnswers(target: Target): Promise<void> {
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

/** Portkey as a target, or why it has none: a failed install or start skips its rows, not the run. */
async function portkeyTarget(
  install: PortkeyInstall,
  upstreamOrigin: string,
  cleanup: Cleanup,
): Promise<Target | { skipped: string }> {
  if ('skipped' in install) return install;
  let started: BenchChild | null = null;
  try {
    const { child, origin } = await startPortkey(install.entry, cleanup);
    started = child;
    const target = { name: PORTKEY, origin, headers: portkeyHeaders(upstreamOrigin), pid: child.pid };
    await checkAnswers(target);
    return target;
  } catch (error) {
    // Stopped now, so it takes no CPU from the runs.
    await started?.stop();
    return { skipped: `Portkey did not relay: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export async function startEnvironment(
  config: BenchConfig,
  paths: Paths,
  cleanup: Cleanup,
): Promise<BenchEnvironment> {
  // First, while nothing runs: the install is network-bound and takes a while when not cached.
  const install: PortkeyInstall =
    config.portkeyDir === null ? { skipped: 'BENCH_PORTKEY=0' } : installPortkey(config.portkeyDir);
  const mockEnv = { PORT: '0', MOCK_RECORD: '0' };
  const mock = await startListening(cleanup, 'mock upstream', paths.mock, mockEnv);
  const dripUrls: string[] = [];
  for (let i = 0; i < dripMockCount(config); i += 1)
    dripUrls.push((await startListening(cleanup, `drip mock ${i + 1}`, paths.mock, mockEnv)).origin);
  const bare = await startListening(cleanup, 'bare proxy', paths.bareProxy, {
    PORT: '0',
    UPSTREAM_URL: mock.origin,
  });
  const portkey = await portkeyTarget(install, mock.origin, cleanup);
  if ('skipped' in portkey) console.log(`! Portkey rows skipped: ${portkey.skipped}`);
  const gateway = await startGateway(config, paths, cleanup);
  const { rootKey, admin } = await provisionGateway(gateway.origin, mock.origin, {
    upstreamUrls: dripUrls,
    headers: dripHeaders(config),
  });
  const payer = await OrdinaryPayer.create(admin);
  const upstreamAuth = bearer(UPSTREAM_KEY);
  const onGateway = { origin: gateway.origin, pid: gateway.child.pid };
  const env: BenchEnvironment = {
    mock: { name: MOCK, origin: mock.origin, headers: upstreamAuth, pid: mock.child.pid },
    bare: { name: BARE, origin: bare.origin, headers: upstreamAuth, pid: bare.child.pid },
    portkey,
    gateway: { name: GATEWAY_RICH, headers: bearer(rootKey), ...onGateway },
    ordinary: {
      name: GATEWAY_ORDINARY,
      headers: bearer(payer.key),
      ...onGateway,
      beforeRun: () => payer.topUp(),
    },
    ordinaryPayer: payer,
    gatewayProcess: gateway.child,
    gatewayMetrics: gateway.metricsOrigin,
  };
  for (const target of [env.mock, env.bare, env.gateway, env.ordinary]) await checkAnswers(target);
  return env;
}
