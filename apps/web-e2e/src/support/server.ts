import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** A port nothing listens on right now (for child servers of a journey). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms`);
}

/**
 * Each journey file gets the production build on a fresh embedded database, so files never depend on
 * each other's data or order; `env` adds to its environment. Build first (`npm run build`); the test runner does.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn('node', [path.join(REPO_ROOT, 'apps/server/dist/main.js')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tollgate-journey-')),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilHealthy(baseUrl, child, 30_000);
  return {
    baseUrl,
    // A graceful stop exits 0; anything else (a crash before, a failed shutdown) fails the journey.
    stop: () =>
      new Promise<void>((resolve, reject) => {
        const check = (code: number | null) =>
          code === 0
            ? resolve()
            : reject(new Error(`the server exited with ${code ?? 'a signal'} on SIGTERM`));
        if (child.exitCode !== null) return check(child.exitCode);
        child.once('exit', check);
        child.kill('SIGTERM');
      }),
  };
}
