import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BilledDeployment,
  call,
  type CallResult,
  expectBalancedBooks,
  prepareDeployment,
  readBooks,
} from './support/billed-deployment';
import { type ServerProcess, spawnServer } from './support/server-process';
import { createPostgresDatabase } from './support/test-databases';

const KILLS = 10;
const WORKERS = 16;

// Two replicas on one PostgreSQL and one Redis; one of them is SIGKILLed ten times under load. Every answered
// call must be charged and logged exactly once, and Redis must end up agreeing with the database: the killed
// process's charges are drained by the survivors, its holds given back.
describe('a replica killed under load (full)', () => {
  let deployment: BilledDeployment;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    deployment = await prepareDeployment('full', database.url);
  });
  afterAll(async () => {
    await deployment.mock.close();
    await drop();
  });

  it('bills every answered call exactly once across 10 SIGKILLs, and Redis agrees with the database', async () => {
    const survivor = await spawnServer(deployment.config);
    let victim: ServerProcess = await spawnServer(deployment.config);
    const results: CallResult[] = [];
    let running = true;
    const worker = async (index: number) => {
      while (running) {
        const origin = index % 2 === 0 ? survivor.origin : victim.origin;
        results.push(await call(origin, deployment.key));
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
    for (let kill = 0; kill < KILLS; kill += 1) {
      await sleep(300 + ((kill * 137) % 400));
      victim.signal('SIGKILL');
      await victim.exited;
      victim = await spawnServer(deployment.config);
    }
    await sleep(500);
    running = false;
    await load;
    survivor.signal('SIGTERM');
    victim.signal('SIGTERM');
    expect(await Promise.all([survivor.exited, victim.exited])).toEqual([0, 0]);

    const answered = results.filter((result) => result.status === 200);
    const lost = results.length - answered.length;
    expect(answered.length).toBeGreaterThan(100);
    const books = await readBooks(deployment, true);
    expectBalancedBooks(books, answered);
    // A call can be charged and then lose its answer with the process: never the other way round.
    expect(books.logs.length).toBeGreaterThanOrEqual(answered.length);
    expect(books.logs.length).toBeLessThanOrEqual(answered.length + lost);
    expect(books.cachedUserBalance).toBe(String(books.userQuota));
  }, 240_000);
});
