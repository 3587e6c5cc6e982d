import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BilledDeployment,
  call,
  type CallResult,
  expectBalancedBooks,
  prepareDeployment,
  readBooks,
} from './support/billed-deployment';
import { spawnServer } from './support/server-process';
import { createPostgresDatabase } from './support/test-databases';
import { BACKENDS } from './support/test-app';

const GRACE_SECONDS = 20;

// A real process, a real SIGTERM: calls running when the stop comes are answered and billed, calls arriving
// after it are refused (never debited), and the books balance once the process is gone.
describe.each(BACKENDS)('a graceful stop under load (%s)', (backend) => {
  let deployment: BilledDeployment;
  let drop: (() => Promise<void>) | undefined;

  beforeEach(async () => {
    const database = backend === 'full' ? await createPostgresDatabase() : null;
    drop = database?.drop;
    deployment = await prepareDeployment(backend, database?.url);
  });
  afterEach(async () => {
    await deployment.mock.close();
    await drop?.();
  });

  it('answers and bills the calls in flight, refuses the later ones, and exits within the grace period', async () => {
    const server = await spawnServer(deployment.config, { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) });
    const slow = Array.from({ length: 8 }, () => call(server.origin, deployment.key, true));
    // All eight are running: the provider has them.
    while (deployment.mock.requests().length < 8) await sleep(10);
    const stoppedAt = Date.now();
    server.signal('SIGTERM');
    await sleep(500);
    const late = await Promise.all(Array.from({ length: 8 }, () => call(server.origin, deployment.key)));
    const inFlight = await Promise.all(slow);
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(GRACE_SECONDS * 1000);

    expect(inFlight.map((result) => result.status)).toEqual(Array(8).fill(200));
    expect(late.every((result) => result.status !== 200)).toBe(true);
    const books = await readBooks(deployment);
    expect(books.logs).toHaveLength(8);
    expectBalancedBooks(books, inFlight);
  });

  it('keeps the books exact when SIGTERM lands in the middle of c=32 load', async () => {
    const server = await spawnServer(deployment.config, { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) });
    const results: CallResult[] = [];
    let refused = 0;
    const worker = async () => {
      // Until the gateway refuses: a 503, or a closed port.
      while (refused === 0) {
        const result = await call(server.origin, deployment.key);
        results.push(result);
        if (result.status !== 200) refused += 1;
      }
    };
    const load = Promise.all(Array.from({ length: 32 }, worker));
    await sleep(1500);
    server.signal('SIGTERM');
    await load;
    expect(await server.exited).toBe(0);

    const answered = results.filter((result) => result.status === 200);
    expect(answered.length).toBeGreaterThan(32);
    const books = await readBooks(deployment);
    expect(books.logs).toHaveLength(answered.length);
    expectBalancedBooks(books, answered);
  });
});
