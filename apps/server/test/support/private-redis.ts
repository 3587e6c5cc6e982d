import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A redis-server of one test's own, which it may stop and start again on the same port. */
export interface PrivateRedis {
  url: string;
  /** Kills the server (SIGKILL: an outage, not a shutdown) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty (nothing is saved), and waits until it accepts connections. */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open but nothing answers, as behind a broken network. */
  pause(): void;
  /** Thaws a frozen server; nothing to do when it is not running. */
  resume(): void;
}

const READY = 'Ready to accept connections';

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    child.once('error', reject);
  });
  child.stdout?.removeAllListeners('data').resume();
  child.stderr?.resume();
  return child;
}

/** Starts redis-server on a free port; the shared Redis on 6379 is never touched. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = await launch(port);
  // However the test ends, the server does not outlive it.
  process.once('exit', () => child?.kill('SIGKILL'));
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = once(running, 'exit');
      running.kill('SIGKILL');
      await exited;
    },
    async start() {
      child ??= await launch(port);
    },
    pause() {
      if (!child) throw new Error('the private Redis is not running');
      child.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
  };
}
