import { LogType, type SunoTaskDto, type TaskItem, type TaskPage, TaskStatus } from '@tollgate/contracts';
import { JobQueue } from '../src/infra/queue/queue.port';
import { LogEntity } from '../src/modules/logs/log.entity';
import { TaskPoller } from '../src/modules/tasks/task-poller';
import { TaskEntity } from '../src/modules/tasks/task.entity';
import { balanceReader } from './support/balances';
import { type RelayFixture, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS, type SignedIn } from './support/test-app';

// QuotaPerUnit 500,000 × the default prices of reference §7, group ratio 1.
const MUSIC_QUOTA = 50_000;
const LYRICS_QUOTA = 5_000;
const TOKEN_QUOTA = 1_000_000;

describe.each(BACKENDS)('Suno tasks through the relay (%s)', (backend) => {
  let f: RelayFixture;
  let key: string;
  let tokenId: number;
  let channelId: number;
  let balances: ReturnType<typeof balanceReader>;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    channelId = await f.addChannel({ type: 36, name: 'suno', models: 'suno_music,suno_lyrics' });
    const token = await f.createToken(f.alice, { unlimited_quota: false, remain_quota: TOKEN_QUOTA });
    key = token.key;
    tokenId = token.id;
    balances = balanceReader(f.t, f.root);
  });
  afterAll(() => f.close());

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, withKey = key) => {
    const response = await fetch(`${f.origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${withKey}`,
        'content-type': 'application/json',
        'accept-language': 'en',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { code: string; message: string; data: unknown },
    };
  };
  const submit = async (action: string, body: unknown) => {
    const answer = await call('POST', `/suno/submit/${action}`, body);
    return { ...answer, id: answer.body.data as string };
  };
  const taskRow = (taskId: string) => f.data.getRepository(TaskEntity).findOneByOrFail({ taskId });
  const taskCount = () => f.data.getRepository(TaskEntity).count();
  const systemLogs = () =>
    f.data
      .getRepository(LogEntity)
      .find({ where: { userId: f.aliceId, type: LogType.System }, order: { id: 'ASC' } });
  // The next interval: claims lapse, then one run polls.
  const pollRound = async () => {
    await f.data.query('UPDATE tasks SET poll_until = 0');
    return f.t.app.get(TaskPoller).pollOnce();
  };
  const pollUntilFinished = async (taskId: string): Promise<TaskEntity> => {
    for (let round = 0; round < 10; round++) {
      const task = await taskRow(taskId);
      if (task.progress === '100%') return task;
      await pollRound();
    }
    throw new Error(`task ${taskId} did not finish`);
  };
  const totals = async () => {
    await f.flush();
    return { user: await balances.user(f.aliceId), token: await balances.token(f.alice, tokenId) };
  };

  it('charges a music submission at its price with a consumption log, user and token', async () => {
    const before = await totals();
    const logsBefore = (await f.consumeLogs()).length;
    const { status, body, id } = await submit('MUSIC', { prompt: 'a song about tolls', mv: 'chirp-v3-5' });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 'success', message: '', data: expect.any(String) });
    const after = await totals();
    expect(after.user.quota).toBe(before.user.quota - MUSIC_QUOTA);
    expect(after.user.used_quota).toBe(before.user.used_quota + MUSIC_QUOTA);
    expect(after.token.remain_quota).toBe(before.token.remain_quota - MUSIC_QUOTA);
    const [log] = (await f.consumeLogs()).slice(logsBefore);
    expect(log).toMatchObject({ modelName: 'suno_music', quota: MUSIC_QUOTA, channel: channelId });
    expect(log.other).toMatchObject({ model_price: 0.1, group_ratio: 1, request_path: '/suno/submit/MUSIC' });
    const task = await taskRow(id);
    expect(task).toMatchObject({ userId: f.aliceId, channelId, quota: MUSIC_QUOTA, action: 'MUSIC' });
    expect(task).toMatchObject({ status: TaskStatus.Submitted, progress: '0%', platform: 'suno' });
    const upstream = f.mock.requests().filter((r) => r.path === '/suno/submit/MUSIC');
    expect(upstream.at(-1)?.headers.authorization).toBe('Bearer sk-upstream');
  });

  it('polls a task through its states to success and serves it from the table', async () => {
    const { id } = await submit('lyrics', { prompt: 'verses' });
    const taskId = id;
    await pollRound();
    expect((await call('GET', `/suno/fetch/${taskId}`)).body.data).toMatchObject({ status: 'QUEUED' });
    const done = await pollUntilFinished(taskId);
    expect(done.status).toBe(TaskStatus.Success);
    const one = await call('GET', `/suno/fetch/${taskId}`);
    expect(one.body).toMatchObject({
      code: 'success',
      data: { task_id: taskId, action: 'LYRICS', progress: '100%' },
    });
    const dto = one.body.data as SunoTaskDto;
    expect(dto.data).toHaveLength(2);
    expect(dto.finish_time).toBeGreaterThan(0);
    const many = await call('POST', '/suno/fetch', { ids: [taskId, 'no-such-task'] });
    expect((many.body.data as SunoTaskDto[]).map((task) => task.task_id)).toEqual([taskId]);
    expect(done.quota).toBe(LYRICS_QUOTA);
  });

  it('lets nobody else read a task', async () => {
    const { id } = await submit('music', { gpt_description_prompt: 'jazz' });
    const bob = await f.newUser('bob', { quota: 1_000_000 });
    const bobKey = await f.newToken({}, bob);
    const other = await call('GET', `/suno/fetch/${id}`, undefined, bobKey);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'task_not_found', data: null });
    expect((await call('POST', '/suno/fetch', { ids: [id] }, bobKey)).body.data).toEqual([]);
  });

  it('refunds a failed task to the user (not the token) exactly once, with a system log', async () => {
    const { id } = await submit('MUSIC', { prompt: 'mock-fail please' });
    const charged = await totals();
    const logsBefore = (await systemLogs()).length;
    const failed = await pollUntilFinished(id);
    expect(failed).toMatchObject({
      status: TaskStatus.Failure,
      failReason: 'mock failure',
      progress: '100%',
    });
    await pollRound();
    await pollRound();
    const after = await totals();
    expect(after.user.quota).toBe(charged.user.quota + MUSIC_QUOTA);
    expect(after.token.remain_quota).toBe(charged.token.remain_quota);
    const logs = (await systemLogs()).slice(logsBefore);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ quota: MUSIC_QUOTA, modelName: 'suno_music', channel: channelId });
    expect(logs[0].content).toContain(id);
  });

  it('fails and refunds an unfinished task past the timeout once, however many runs race for it', async () => {
    const { id } = await submit('MUSIC', { prompt: 'mock-stuck' });
    await pollRound();
    const charged = await totals();
    const logsBefore = (await systemLogs()).length;
    await f.data.query(
      `UPDATE tasks SET submit_time = submit_time - 7200, poll_until = 0 WHERE task_id = '${id}'`,
    );
    const poller = f.t.app.get(TaskPoller);
    await Promise.all([poller.pollOnce(), poller.pollOnce(), poller.pollOnce()]);
    await pollRound();
    const task = await taskRow(id);
    expect(task).toMatchObject({
      status: TaskStatus.Failure,
      failReason: 'upstream timeout',
      progress: '100%',
    });
    expect((await totals()).user.quota).toBe(charged.user.quota + MUSIC_QUOTA);
    expect((await systemLogs()).slice(logsBefore)).toHaveLength(1);
  });

  it('runs the task-poll job through the queue driver', async () => {
    const { id } = await submit('LYRICS', { prompt: 'queued verses' });
    await f.data.query('UPDATE tasks SET poll_until = 0');
    await f.t.app.get(JobQueue).add('task-poll', {});
    const deadline = Date.now() + 10_000;
    while ((await taskRow(id)).status === TaskStatus.Submitted && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await taskRow(id)).status).not.toBe(TaskStatus.Submitted);
  });

  it.each([
    ['an unknown action', 'video', { prompt: 'x' }, 400, 'invalid_action'],
    ['an empty prompt', 'music', { prompt: '  ' }, 400, 'prompt_empty'],
    ['a body that is not an object', 'music', ['prompt'], 400, 'invalid_body'],
    ['a refusal upstream', 'music', { prompt: 'mock-refuse' }, 502, 'error'],
    ['an upstream failure', 'music', { prompt: 'mock-500' }, 500, 'upstream_error'],
  ])('refuses %s, charging and storing nothing', async (_what, action, body, status, code) => {
    const before = await totals();
    const tasks = await taskCount();
    const answer = await submit(action, body);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code, data: null });
    expect(answer.body.message).not.toBe('');
    expect(await totals()).toEqual(before);
    expect(await taskCount()).toBe(tasks);
  });

  it('refuses a bad key and bad fetch ids', async () => {
    expect(
      (
        await submit('music', { prompt: 'x' }).then(() =>
          call('POST', '/suno/submit/music', { prompt: 'x' }, 'sk-nope'),
        )
      ).status,
    ).toBe(401);
    const bad = await call('POST', '/suno/fetch', { ids: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_ids', data: null });
  });

  describe('task log pages', () => {
    let bob: SignedIn;
    beforeAll(async () => {
      bob = await f.newUser('carol', { quota: 1_000_000 });
      await call('POST', '/suno/submit/music', { prompt: 'carol song' }, await f.newToken({}, bob));
    });
    const page = (who: SignedIn, path: string) =>
      f.t.http().get(path).set(who.headers).set('Accept-Language', 'en');

    it('shows users their own tasks only, newest first, without channels', async () => {
      const own = (await page(f.alice, '/api/task/self?p=1&page_size=100')).body as {
        success: boolean;
        data: TaskPage;
      };
      expect(own.success).toBe(true);
      // Newest submission first (the timed-out task's was moved two hours back).
      const times = own.data.items.map((item) => item.submit_time);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const rows = await f.data.getRepository(TaskEntity).countBy({ userId: f.aliceId });
      expect(own.data.total).toBe(rows);
      expect(own.data.items[0]).not.toHaveProperty('channel_id');
      expect(own.data.items[0]).not.toHaveProperty('user_id');
      const carol = (await page(bob, '/api/task/self')).body.data;
      expect(carol.items).toHaveLength(1);
      expect(carol.items[0].progress).toBe('0%');
    });

    it('filters every task by channel, task id and time for administrators', async () => {
      const all = (await page(f.root, '/api/task/?page_size=100')).body.data;
      expect(all.total).toBe(await taskCount());
      const first = all.items[all.items.length - 1];
      const byTask = (await page(f.root, `/api/task/?task_id=${first.task_id}`)).body.data as TaskPage;
      expect(byTask.items.map((item: TaskItem) => item.id)).toEqual([first.id]);
      expect(byTask.items[0]).toMatchObject({ channel_id: channelId, user_id: f.aliceId });
      expect((await page(f.root, `/api/task/?channel_id=${channelId + 99}`)).body.data.total).toBe(0);
      const future = Math.floor(Date.now() / 1000) + 3600;
      expect((await page(f.root, `/api/task/?start_timestamp=${future}`)).body.data.total).toBe(0);
      expect((await page(f.root, '/api/task/?page_size=1&p=2')).body.data).toMatchObject({
        page: 2,
        page_size: 1,
      });
    });

    it('refuses the all-users page to users and bad paging', async () => {
      expect((await page(f.alice, '/api/task/')).status).toBe(403);
      const bad = (await page(f.alice, '/api/task/self?page_size=1000')).body;
      expect(bad.success).toBe(false);
      expect(bad.message).not.toBe('');
      expect((await page(f.alice, '/api/task/self?start_timestamp=abc')).body.success).toBe(false);
    });
  });
});
