// Builds of the gateway started as replicas of one deployment: one fresh database, the benchmark's Redis
// database and one mock upstream, shared by every replica (bench:paired, bench:drain).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDatabase, deleteGatewayKeys } from './backing-stores';
import { type Cleanup } from './cleanup';
import { type BenchChild, freePort, startListening, startNode } from './processes';
import { waitUntilReady } from './gateway-admin';

export const ROOT = resolve(__dirname, '../../..');
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const DATABASE_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const START_TIMEOUT_MS = 60_000;

export interface Deployment {
  mockOrigin: string;
  /** What every replica is started with (PORT aside). */
  env: Record<string, string>;
}

/** The mock upstream, a fresh database, a clean Redis database and a data directory, all undone by cleanup. */
export async function startDeployment(cleanup: Cleanup): Promise<Deployment> {
  const { origin: mockOrigin } = await startListening(
    cleanup,
    'mock upstream',
    join(ROOT, 'tools/mock-upstream/dist/main.js'),
    { PORT: '0', MOCK_RECORD: '0' },
  );
  const database = await createDatabase(DATABASE_ADMIN_URL);
  cleanup.add('drop the database', () => database.drop());
  await deleteGatewayKeys(REDIS_URL);
  cleanup.add('delete Redis keys', async () => void (await deleteGatewayKeys(REDIS_URL)));
  // Replicas share the data directory: it holds the secret that opens channel keys.
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-replicas-'));
  cleanup.add('remove the data dir', () =>
    Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  );
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  return { mockOrigin, env };
}

export interface Replica {
  name: string;
  origin: string;
  child: BenchChild;
}

/** Starts one build (the path of its main.js) and waits until it is ready. */
export async function startReplica(
  name: string,
  main: string,
  deployment: Deployment,
  cleanup: Cleanup,
  nodeArgs: string[] = [],
): Promise<Replica> {
  const port = await freePort();
  // A build copied out of the checkout still finds the checkout's packages.
  const env = { ...deployment.env, PORT: String(port), NODE_PATH: join(ROOT, 'node_modules') };
  const child = startNode(name, main, env, { nodeArgs });
  cleanup.add(`stop ${name}`, () => child.stop());
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilReady(origin, START_TIMEOUT_MS, () => child.running);
  return { name, origin, child };
}
