import { type DrawingPage, LogType, type MjTaskDto, TaskStatus } from '@tollgate/contracts';
import { AppConfig } from '../src/infra/config/app-config';
import { LogEntity } from '../src/modules/logs/log.entity';
import { TaskPoller } from '../src/modules/tasks/task-poller';
import { TaskEntity } from '../src/modules/tasks/task.entity';
import { type RelayFixture, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS, type SignedIn } from './support/test-app';

// mj_imagine's default price 0.1 × QuotaPerUnit 500,000 × group ratio 1 (reference §7).
const IMAGINE_QUOTA = 50_000;
// mj_upscale's 0.05.
const UPSCALE_QUOTA = 25_000;

interface MjAnswer {
  code: number;
  description: string;
  result: string;
}

describe.each(BACKENDS)('Midjourney imagine through the relay (%s)', (backend) => {
  let f: RelayFixture;
  let key: string;
  let channelId: number;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    channelId = await f.addChannel({
      type: 2,
      name: 'mj',
      models: 'mj_imagine,mj_describe,mj_blend,mj_shorten,swap_face',
      key: 'mj-secret',
    });
    key = await f.newToken();
    await f.setOption('ServerAddress', 'https://gate.example');
  });
  afterAll(() => f.close());

  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers = { 'mj-api-secret': key },
  ) => {
    const response = await fetch(`${f.origin}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'en' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as object };
  };
  const imagine = async (prompt: unknown, path = '/mj/submit/imagine') => {
    const answer = await call('POST', path, { prompt });
    return { status: answer.status, body: answer.body as MjAnswer };
  };
  const taskRow = (id: string) => f.data.getRepository(TaskEntity).findOneByOrFail({ taskId: id });
  const taskCount = () => f.data.getRepository(TaskEntity).count();
  const pollRound = async () => {
    await f.data.query('UPDATE tasks SET poll_until = 0');
    await f.t.app.get(TaskPoller).pollOnce();
  };
  const pollUntilFinished = async (id: string) => {
    for (let round = 0; round < 10 && (await taskRow(id)).progress !== '100%'; round++) await pollRound();
    return taskRow(id);
  };

  it('charges an accepted imagine with a consumption log and forwards the key as mj-api-secret', async () => {
    const before = await f.aliceQuota();
    const logs = (await f.consumeLogs()).length;
    const { status, body } = await imagine('a lighthouse --fast', '/mj-fast/mj/submit/imagine');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, description: '提交成功', result: expect.any(String) });
    expect(await f.aliceQuota()).toBe(before - IMAGINE_QUOTA);
    const [log] = (await f.consumeLogs()).slice(logs);
    expect(log).toMatchObject({ modelName: 'mj_imagine', quota: IMAGINE_QUOTA, channel: channelId });
    expect(log.other).toMatchObject({ model_price: 0.1, group_ratio: 1 });
    expect(await taskRow(body.result)).toMatchObject({
      platform: 'mj',
      action: 'IMAGINE',
      status: 'SUBMITTED',
    });
    const sent = f.mock.requests().filter((request) => request.path === '/mj/submit/imagine');
    expect(sent.at(-1)?.headers['mj-api-secret']).toBe('mj-secret');
  });

  it('answers codes 21 and 22 as 1 and charges them; refuses 23 and 24 with their code, charging nothing', async () => {
    for (const code of [21, 22]) {
      const before = await f.aliceQuota();
      const { body } = await imagine(`cat mock-code-${code}`, '/fast/mj/submit/imagine');
      expect(body.code).toBe(1);
      expect(await f.aliceQuota()).toBe(before - IMAGINE_QUOTA);
    }
    for (const code of [23, 24]) {
      const before = await f.aliceQuota();
      const tasks = await taskCount();
      const { status, body } = await imagine(`cat mock-code-${code}`);
      expect({ status, code: body.code }).toEqual({ status: 200, code });
      expect(body.description).not.toBe('');
      expect(await f.aliceQuota()).toBe(before);
      expect(await taskCount()).toBe(tasks);
    }
  });

  it('drops the notify hook and account filter while their switches are off', async () => {
    await call('POST', '/mj/submit/imagine', {
      prompt: 'clean',
      notifyHook: 'http://evil',
      accountFilter: {},
    });
    const sent = f.mock.requests().filter((request) => request.path === '/mj/submit/imagine');
    expect(sent.at(-1)?.body).toEqual({ prompt: 'clean' });
  });

  it('polls an imagine to success; fetch, list and the image proxy serve it', async () => {
    const { body } = await imagine('a harbour');
    const done = await pollUntilFinished(body.result);
    expect(done.status).toBe(TaskStatus.Success);
    const one = (await call('GET', `/mj/task/${body.result}/fetch`)).body as MjTaskDto;
    expect(one).toMatchObject({ id: body.result, action: 'IMAGINE', status: 'SUCCESS', progress: '100%' });
    expect(one).toMatchObject({ prompt: 'a harbour', promptEn: 'a harbour (en)' });
    expect(one.imageUrl).toBe(`https://gate.example/mj/image/${body.result}`);
    expect(one.finishTime).toBeGreaterThan(one.submitTime - 1);
    const listed = (await call('POST', '/mj/task/list-by-condition', { ids: [body.result, 'nope'] })).body;
    expect((listed as MjTaskDto[]).map((task) => task.id)).toEqual([body.result]);
    const image = await fetch(`${f.origin}/mj/image/${body.result}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await fetch(`${f.origin}/mj/image/unknown-task`)).status).toBe(404);
  });

  it('links images to this server while ServerAddress is unset (reference §12), never a relative path', async () => {
    const { body } = await imagine('a quay');
    await pollUntilFinished(body.result);
    await f.setOption('ServerAddress', '');
    try {
      const expected = `http://localhost:${f.t.app.get(AppConfig).port}/mj/image/${body.result}`;
      const one = (await call('GET', `/mj/task/${body.result}/fetch`)).body as MjTaskDto;
      expect(one.imageUrl).toBe(expected);
      const listed = (await call('POST', '/mj/task/list-by-condition', { ids: [body.result] })).body;
      expect((listed as MjTaskDto[]).map((task) => task.imageUrl)).toEqual([expected]);
    } finally {
      await f.setOption('ServerAddress', 'https://gate.example');
    }
  });

  it("sends follow-ups to the original task's channel, charged by their action, for its owner only", async () => {
    // A second proxy serving the follow-up models: routing alone would pick it.
    await f.addChannel({
      type: 5,
      name: 'mj-2',
      models: 'mj_upscale,mj_variation',
      key: 'mj-secret-2',
      priority: 5,
    });
    const { body } = await imagine('a bay');
    await pollUntilFinished(body.result);
    const submits = () => f.mock.requests().filter((request) => request.path.startsWith('/mj/submit/'));
    const cases: Array<[string, object, number, string]> = [
      ['change', { action: 'UPSCALE', index: 1, taskId: body.result }, UPSCALE_QUOTA, 'mj_upscale'],
      ['simple-change', { content: `${body.result} V2` }, IMAGINE_QUOTA, 'mj_variation'],
      ['action', { customId: 'MJ::JOB::upsample::1::abc', taskId: body.result }, UPSCALE_QUOTA, 'mj_upscale'],
    ];
    for (const [kind, request, quota, model] of cases) {
      const before = await f.aliceQuota();
      const logs = (await f.consumeLogs()).length;
      const answer = (await call('POST', `/mj/submit/${kind}`, request)).body as MjAnswer;
      expect({ kind, code: answer.code }).toEqual({ kind, code: 1 });
      expect(await f.aliceQuota()).toBe(before - quota);
      expect((await f.consumeLogs()).slice(logs)[0]).toMatchObject({ modelName: model, channel: channelId });
      expect(submits().at(-1)).toMatchObject({
        path: `/mj/submit/${kind}`,
        headers: { 'mj-api-secret': 'mj-secret' },
      });
    }
    const pending = await imagine('not yet');
    const before = await f.aliceQuota();
    const early = await call('POST', '/mj/submit/change', {
      action: 'UPSCALE',
      index: 1,
      taskId: pending.body.result,
    });
    expect(early).toMatchObject({ status: 400, body: { code: 4 } });
    const missing = await call('POST', '/mj/submit/change', { action: 'UPSCALE', index: 1 });
    expect(missing).toMatchObject({ status: 400, body: { code: 4 } });
    const unknown = await call('POST', '/mj/submit/action', { customId: 'nonsense', taskId: body.result });
    expect(unknown).toMatchObject({ status: 400, body: { code: 4 } });
    const eve = await f.newUser('eve', { quota: 1_000_000 });
    const eveKey = await f.newToken({}, eve);
    const stolen = await call(
      'POST',
      '/mj/submit/change',
      { action: 'UPSCALE', index: 1, taskId: body.result },
      { 'mj-api-secret': eveKey },
    );
    expect(stolen).toMatchObject({ status: 404, body: { code: 4 } });
    expect(await f.aliceQuota()).toBe(before);
  });

  it('serves describe, blend, shorten, face swap and modal at their prices; refuses missing images', async () => {
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    const { body: original } = await imagine('a window');
    const cases: Array<[string, object, number, string]> = [
      ['/mj/submit/describe', { base64: image }, 25_000, 'mj_describe'],
      ['/mj/submit/blend', { base64Array: [image, image] }, IMAGINE_QUOTA, 'mj_blend'],
      ['/mj/submit/shorten', { prompt: 'a very long prompt' }, IMAGINE_QUOTA, 'mj_shorten'],
      ['/mj/insight-face/swap', { sourceBase64: image, targetBase64: image }, 25_000, 'swap_face'],
      // A modal answers a task still in its window: not finished is fine.
      ['/mj/submit/modal', { taskId: original.result, prompt: 'a door' }, IMAGINE_QUOTA, 'mj_modal'],
    ];
    for (const [path, request, quota, model] of cases) {
      const before = await f.aliceQuota();
      const logs = (await f.consumeLogs()).length;
      const answer = (await call('POST', path, request)).body as MjAnswer;
      expect({ path, code: answer.code }).toEqual({ path, code: 1 });
      expect(await f.aliceQuota()).toBe(before - quota);
      expect((await f.consumeLogs()).slice(logs)[0]).toMatchObject({ modelName: model });
      expect(f.mock.requests().at(-1)?.path).toBe(path);
    }
    const before = await f.aliceQuota();
    for (const [path, request] of [
      ['/mj/submit/describe', {}],
      ['/mj/submit/blend', { base64Array: [image] }],
      ['/mj/insight-face/swap', { sourceBase64: image }],
      ['/mj/submit/shorten', { prompt: '' }],
      ['/mj/submit/modal', { prompt: 'no task' }],
    ] as const) {
      const refused = await call('POST', path, request);
      expect({ path, status: refused.status, body: refused.body }).toMatchObject({
        path,
        status: 400,
        body: { code: 4 },
      });
    }
    expect(await f.aliceQuota()).toBe(before);
  });

  it('refunds a failed drawing to the user once, with a system log', async () => {
    const { body } = await imagine('mock-fail storm');
    const charged = await f.aliceQuota();
    const failed = await pollUntilFinished(body.result);
    expect(failed).toMatchObject({ status: TaskStatus.Failure, failReason: 'mock failure' });
    await pollRound();
    expect(await f.aliceQuota()).toBe(charged + IMAGINE_QUOTA);
    const refunds = await f.data.getRepository(LogEntity).findBy({ userId: f.aliceId, type: LogType.System });
    expect(refunds.filter((log) => log.content.includes(body.result))).toHaveLength(1);
    expect(refunds.find((log) => log.content.includes(body.result))).toMatchObject({
      modelName: 'mj_imagine',
    });
  });

  it('refuses bad input and others reading a task, charging nothing', async () => {
    const before = await f.aliceQuota();
    const tasks = await taskCount();
    const empty = await imagine('  ');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 4, description: expect.stringContaining('prompt') });
    expect((await call('POST', '/mj/submit/imagine', ['x'])).status).toBe(400);
    expect((await call('POST', '/slow/mj/submit/imagine', { prompt: 'x' })).status).toBe(404);
    expect((await imagine('boom mock-500')).status).toBe(500);
    expect(
      (await call('POST', '/mj/submit/imagine', { prompt: 'x' }, { 'mj-api-secret': 'sk-nope' })).status,
    ).toBe(401);
    expect(await f.aliceQuota()).toBe(before);
    expect(await taskCount()).toBe(tasks);
    const { body } = await imagine('mine');
    const dave = await f.newUser('dave', { quota: 1_000_000 });
    const daveKey = await f.newToken({}, dave);
    const other = await call('GET', `/mj/task/${body.result}/fetch`, undefined, { 'mj-api-secret': daveKey });
    expect(other.status).toBe(404);
    const list = await call(
      'POST',
      '/mj/task/list-by-condition',
      { ids: [body.result] },
      { 'mj-api-secret': daveKey },
    );
    expect(list.body).toEqual([]);
  });

  it('switches the channel off when the proxy has no account left (code 3), charging nothing', async () => {
    const before = await f.aliceQuota();
    const { body } = await imagine('mock-code-3');
    expect(body.code).toBe(3);
    expect(await f.aliceQuota()).toBe(before);
    const channel = await f.t.http().get(`/api/channel/${channelId}`).set(f.root.headers);
    expect(channel.body.data).toMatchObject({ status: 3 });
    const enabled = await f.t
      .http()
      .put('/api/channel/')
      .set(f.root.headers)
      .send({ id: channelId, status: 1 });
    expect(enabled.body).toMatchObject({ success: true });
  });

  describe('drawing log pages', () => {
    const page = (who: SignedIn, path: string) =>
      f.t.http().get(path).set(who.headers).set('Accept-Language', 'en');

    it('shows users their own drawings only, in milliseconds, without channels', async () => {
      const own = (await page(f.alice, '/api/mj/self?p=1&page_size=100')).body as {
        success: boolean;
        data: DrawingPage;
      };
      expect(own.success).toBe(true);
      expect(own.data.total).toBe(
        await f.data.getRepository(TaskEntity).countBy({ userId: f.aliceId, platform: 'mj' }),
      );
      const done = own.data.items.find((item) => item.prompt === 'a harbour' && item.action === 'IMAGINE');
      expect(done).toMatchObject({ action: 'IMAGINE', code: 1, prompt: 'a harbour', progress: '100%' });
      expect(done?.image_url).toMatch(/^https:\/\/gate\.example\/mj\/image\//);
      expect(done?.submit_time).toBeGreaterThan(1e12);
      expect(done).not.toHaveProperty('channel_id');
      // Suno's task page does not list drawings.
      expect((await page(f.alice, '/api/task/self')).body.data.total).toBe(0);
    });

    it('filters every drawing by channel, mj_id and time (ms) for administrators; refuses users and bad input', async () => {
      const all = (await page(f.root, '/api/mj/?page_size=100')).body.data as DrawingPage;
      const first = all.items[all.items.length - 1];
      const byId = (await page(f.root, `/api/mj/?mj_id=${first.mj_id}`)).body.data as DrawingPage;
      expect(byId.items).toHaveLength(1);
      expect(byId.items[0]).toMatchObject({ channel_id: channelId, user_id: f.aliceId });
      expect((await page(f.root, `/api/mj/?channel_id=${channelId + 9}`)).body.data.total).toBe(0);
      const future = Date.now() + 3_600_000;
      expect((await page(f.root, `/api/mj/?start_timestamp=${future}`)).body.data.total).toBe(0);
      expect((await page(f.root, `/api/mj/?end_timestamp=${future}`)).body.data.total).toBe(all.total);
      expect((await page(f.alice, '/api/mj/')).status).toBe(403);
      expect((await page(f.alice, '/api/mj/self?start_timestamp=soon')).body.success).toBe(false);
    });
  });
});
