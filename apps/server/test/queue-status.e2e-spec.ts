import { type QueueStatus, STATUS_ROUTES } from '@tollgate/contracts';
import { JOB_NAMES } from '../src/infra/queue/job-registry';
import { JobQueue } from '../src/infra/queue/queue.port';
import { type SignedIn, startTestApp, type TestApp } from './support/test-app';

const queues = async (t: TestApp, who: SignedIn): Promise<QueueStatus[]> => {
  const response = await t.http().get(STATUS_ROUTES.queues).set(who.headers).expect(200);
  expect(response.body).toMatchObject({ success: true, message: '' });
  return response.body.data as QueueStatus[];
};

/** What the console's warning reads: a queue holding jobs that no process consumes. */
describe('queue status (PostgreSQL + Redis, an api replica and no worker)', () => {
  let t: TestApp;
  let root: SignedIn;
  let user: SignedIn;

  beforeAll(async () => {
    t = await startTestApp('full', { appRole: 'api' });
    root = await t.setupRoot();
    await t.createUser('plain', 'plain-pass-1');
    user = await t.signIn('plain', 'plain-pass-1');
  });
  afterAll(() => t.close());

  it('lists every declared queue, and a job added with no worker waits in its queue', async () => {
    await t.app.get(JobQueue).add('notify', {
      userId: root.id,
      type: 'quota_warning',
      title: { en: 'Quota low', zh: '额度不足' },
      content: { en: 'Top up', zh: '请充值' },
      values: {},
    });
    const answer = await queues(t, root);
    expect(answer.map((status) => status.queue)).toEqual([...JOB_NAMES]);
    expect(answer.every((status) => !status.has_worker)).toBe(true);
    const notify = answer.find((status) => status.queue === 'notify');
    expect(notify).toMatchObject({ delayed: 0, active: 0, failed: 0, has_worker: false });
    expect(notify?.waiting).toBeGreaterThanOrEqual(1);
  });

  it('refuses anonymous callers and ordinary users with the envelope', async () => {
    const anonymous = await t.http().get(STATUS_ROUTES.queues);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, message: expect.any(String) });
    const plain = await t.http().get(STATUS_ROUTES.queues).set(user.headers);
    expect(plain.status).toBe(403);
    expect(plain.body).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe('queue status (embedded: SQLite + the in-process runner)', () => {
  let t: TestApp;
  let root: SignedIn;

  beforeAll(async () => {
    t = await startTestApp('embedded');
    root = await t.setupRoot();
  });
  afterAll(() => t.close());

  it('says every queue has a worker: this process consumes them all', async () => {
    const answer = await queues(t, root);
    expect(answer.map((status) => status.queue)).toEqual([...JOB_NAMES]);
    for (const status of answer) {
      expect(status).toEqual({
        queue: status.queue,
        waiting: expect.any(Number),
        delayed: expect.any(Number),
        active: expect.any(Number),
        failed: expect.any(Number),
        has_worker: true,
      });
    }
  });
});
