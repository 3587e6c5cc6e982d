import { LogType, TaskStatus } from '@tollgate/contracts';
import { JobQueue } from '../src/infra/queue/queue.port';
import { waitFor } from '../src/infra/redis/redis-testing';
import { LogEntity } from '../src/modules/logs/log.entity';
import { TaskEntity } from '../src/modules/tasks/task.entity';
import { type RelayFixture, STARTING_QUOTA, startRelayFixture } from './support/relay-fixtures';
import { type ServerProcess, spawnServer } from './support/server-process';

// Two production-build workers booting on a busy 2-core host take a while.
jest.setTimeout(120_000);

const MUSIC_QUOTA = 50_000;
const FRESH = 20;
const STALE = 10;
// A run claims a task for one interval less a second: fetches of one task by any worker are this far apart.
const MIN_FETCH_GAP_MS = 13_000;

/**
 * An `api` replica in this process (taking the submissions) and two `worker` processes of the production build
 * on the same PostgreSQL and Redis, both consuming task-poll: extra runs queued at once race for the same
 * tasks, yet no task is fetched twice within an interval and each stale one is refunded once.
 */
describe('task-poll on two worker processes (PostgreSQL + Redis)', () => {
  let f: RelayFixture;
  const workers: ServerProcess[] = [];

  beforeAll(async () => {
    f = await startRelayFixture('full', {}, { appRole: 'api' });
    await f.addChannel({ type: 36, name: 'suno', models: 'suno_music' });
  });
  afterAll(async () => {
    for (const worker of workers) worker.signal('SIGKILL');
    await Promise.all(workers.map((worker) => worker.exited));
    await f.close();
  });

  it('polls each task once per interval and refunds each stale task once', async () => {
    const key = await f.newToken();
    const submit = async (prompt: string) => {
      const response = await fetch(`${f.origin}/suno/submit/MUSIC`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt }),
      });
      return ((await response.json()) as { data: string }).data;
    };
    const fresh = await Promise.all(Array.from({ length: FRESH }, (_, n) => submit(`song ${n}`)));
    const stale = await Promise.all(Array.from({ length: STALE }, (_, n) => submit(`mock-stuck ${n}`)));
    const staleList = stale.map((id) => `'${id}'`).join(',');
    await f.data.query(`UPDATE tasks SET submit_time = submit_time - 7200 WHERE task_id IN (${staleList})`);

    workers.push(await spawnServer(f.t.config, { APP_ROLE: 'worker' }));
    workers.push(await spawnServer(f.t.config, { APP_ROLE: 'worker' }));
    // Runs besides the schedule's, taken by whichever worker is free: they race the scheduled ones.
    const queue = f.t.app.get(JobQueue);
    await Promise.all(Array.from({ length: 6 }, () => queue.add('task-poll', {})));

    const tasks = f.data.getRepository(TaskEntity);
    await waitFor(
      'every task polled at least once',
      async () => (await tasks.countBy({ status: TaskStatus.Submitted })) === 0,
      30_000,
    );
    // Let the queued runs finish.
    await new Promise((resolve) => setTimeout(resolve, 3000));

    expect(await tasks.countBy({ status: TaskStatus.Failure })).toBe(STALE);
    const refunds = await f.data.getRepository(LogEntity).findBy({ userId: f.aliceId, type: LogType.System });
    expect(refunds.map((log) => stale.find((id) => log.content.includes(id))).sort()).toEqual(
      [...stale].sort(),
    );
    await f.flush();
    expect(await f.aliceQuota()).toBe(STARTING_QUOTA - FRESH * MUSIC_QUOTA);

    const fetches = f.mock.requests().filter((request) => request.path === '/suno/fetch');
    const timesOf = new Map<string, number[]>();
    for (const request of fetches)
      for (const id of (request.body as { ids: string[] }).ids)
        timesOf.set(id, [...(timesOf.get(id) ?? []), request.receivedAt]);
    expect(fresh.every((id) => timesOf.has(id))).toBe(true);
    // A stale task is failed before any fetch.
    expect(stale.filter((id) => timesOf.has(id))).toEqual([]);
    for (const [id, times] of timesOf) {
      const gaps = times.slice(1).map((time, n) => time - times[n]);
      expect({ id, tooClose: gaps.filter((gap) => gap < MIN_FETCH_GAP_MS) }).toEqual({ id, tooClose: [] });
    }
  });
});
