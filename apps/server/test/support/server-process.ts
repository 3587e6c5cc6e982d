import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AppConfig } from '../../src/infra/config/app-config';

const MAIN = join(__dirname, '../../dist/main.js');
const BOOT_TIMEOUT_MS = 30_000;

/** The production build running as a process of its own: signals, exits and restarts are real. */
export interface ServerProcess {
  origin: string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  signal(signal: NodeJS.Signals): void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node apps/server/dist/main.js` on the database, data dir, Redis and secrets of `config` (a test app's,
 * so the two share channels' sealed keys), and waits until it answers /healthz. A worker (APP_ROLE=worker in
 * `env`) gets the port as HEALTH_PORT, the only one it opens; `origin` is then its probes'.
 */
export async function spawnServer(
  config: AppConfig,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the server first (npm run build)`);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      [env.APP_ROLE === 'worker' ? 'HEALTH_PORT' : 'PORT']: String(port),
      DATA_DIR: config.dataDir,
      SESSION_SECRET: config.sessionSecret,
      CRYPTO_SECRET: config.cryptoSecret,
      REDIS_PREFIX: config.redisPrefix,
      LOG_LEVEL: 'error',
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
      ...(config.redisUrl ? { REDIS_URL: config.redisUrl } : {}),
      ...env,
    },
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < BOOT_TIMEOUT_MS; await sleep(50)) {
    if (child.exitCode !== null) throw new Error(`the server exited at boot (${child.exitCode}): ${errors}`);
    const up = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { origin, exited, signal: (signal) => child.kill(signal) };
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer within ${BOOT_TIMEOUT_MS} ms: ${errors}`);
}
