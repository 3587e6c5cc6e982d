import { type ChannelOpsProgress } from '@tollgate/contracts';
import { JobQueue } from '../src/infra/queue/queue.port';
import { WORKER_PRESENCE_MS } from '../src/infra/queue/worker-presence';
import { waitFor } from '../src/infra/redis/redis-testing';
import { finishedProgress } from './support/channel-runs';
import { startPrivateRedis } from './support/private-redis';
import { freePort, type ServerProcess, spawnServer } from './support/server-process';
import { type SignedIn, startTestApp, type TestApp } from './support/test-app';

// A killed worker must be missed within its presence window; the margin is for a busy 2-core CI host.
const MISSED_WITHIN_MS = WORKER_PRESENCE_MS + 4000;
// Every test here boots the production build: on a busy 2-core CI host that can take far longer than 30 s.
jest.setTimeout(90_000);

const readyz = async (origin: string) => {
  const response = await fetch(`${origin}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, string> };
};

/**
 * An `api` replica in this process and `worker` processes of the production build on the same PostgreSQL and
 * Redis: workers announce themselves, the console is told when a run waits for a worker that isn't there.
 */
describe('worker presence (PostgreSQL + Redis, worker processes)', () => {
  let api: TestApp;
  let root: SignedIn;
  let worker: ServerProcess | undefined;
  const get = (path: string) => api.http().get(path).set(root.headers);
  const hasWorker = () => api.app.get(JobQueue).hasWorker('channel-test');

  beforeAll(async () => {
    api = await startTestApp('full', { appRole: 'api' });
    root = await api.setupRoot();
  });
  afterAll(async () => {
    worker?.signal('SIGKILL');
    await worker?.exited;
    await api.close();
  });

  it('refuses to start a worker without REDIS_URL, saying why, with a failing exit code', async () => {
    await expect(spawnServer(api.config, { APP_ROLE: 'worker', REDIS_URL: '' })).rejects.toThrow(
      /exited at boot \(1\).*APP_ROLE=worker needs REDIS_URL/s,
    );
  });

  it('says that a queued "test all" waits while no worker runs', async () => {
    expect(await hasWorker()).toBe(false);
    const started = (await get('/api/channel/test')).body as { success: boolean; data: ChannelOpsProgress };
    expect(started).toMatchObject({ success: true, data: { running: true, waiting_for_worker: true } });
    expect((await get('/api/channel/test/progress')).body.data).toMatchObject({
      running: true,
      waiting_for_worker: true,
    });
  });

  it('runs the waiting job once a worker comes: it announces itself and answers probes on HEALTH_PORT only', async () => {
    const publicPort = await freePort();
    worker = await spawnServer(api.config, { APP_ROLE: 'worker', PORT: String(publicPort) });
    expect(await readyz(worker.origin)).toEqual({
      status: 200,
      body: { status: 'ok', database: 'ok', redis: 'ok', queue: 'ok', workers: 'running' },
    });
    await expect(fetch(`http://127.0.0.1:${publicPort}/healthz`)).rejects.toThrow();
    await waitFor('the worker to announce itself', hasWorker);

    const progress = await finishedProgress(get, '/api/channel/test/progress');
    expect(progress).toMatchObject({ running: false, total: 0, waiting_for_worker: false });
  });

  it('misses a killed worker within the presence window, and a new run says it waits', async () => {
    const running = worker;
    if (!running) throw new Error('no worker from the previous test');
    running.signal('SIGKILL');
    await running.exited;
    worker = undefined;
    const killedAt = Date.now();
    await waitFor('the api to miss the worker', async () => !(await hasWorker()), MISSED_WITHIN_MS);
    // It is not missed before its window has passed either (the last beat is at most WORKER_BEAT_MS old).
    expect(Date.now() - killedAt).toBeGreaterThan(WORKER_PRESENCE_MS - 3000);

    expect((await get('/api/channel/test')).body.data).toMatchObject({
      running: true,
      waiting_for_worker: true,
    });
  });

  it('takes a stopped worker out at once, and the worker exits cleanly (0)', async () => {
    const next = await spawnServer(api.config, { APP_ROLE: 'worker' });
    await waitFor('the new worker to announce itself', hasWorker);
    await finishedProgress(get, '/api/channel/test/progress');
    next.signal('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(await hasWorker()).toBe(false);
  });

  it("says on a worker's /readyz that its queues lost Redis, and recovers with it", async () => {
    const redis = await startPrivateRedis();
    const lonely = await spawnServer(api.config, { APP_ROLE: 'worker', REDIS_URL: redis.url });
    try {
      expect((await readyz(lonely.origin)).status).toBe(200);
      await redis.kill();
      expect(await readyz(lonely.origin)).toEqual({
        status: 503,
        body: { status: 'unavailable', database: 'ok', redis: 'down', queue: 'down', workers: 'running' },
      });
      await redis.start();
      await waitFor('the worker to be ready again', async () => (await readyz(lonely.origin)).status === 200);
    } finally {
      lonely.signal('SIGKILL');
      await lonely.exited;
      await redis.kill();
    }
  });
});
