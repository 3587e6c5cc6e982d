import { type DrawingPage, TaskStatus } from '@tollgate/contracts';
import { TaskEntity } from '../src/modules/tasks/task.entity';
import { type MjCalls, mjCalls } from './support/mj-calls';
import { type RelayFixture, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS } from './support/test-app';

// mj_upload's default price 0.05 × QuotaPerUnit 500,000 × group ratio 1 (reference §3.3, §7).
const UPLOAD_QUOTA = 25_000;
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';
const UPLOAD_PATH = '/mj/submit/upload-discord-images';

describe.each(BACKENDS)('Midjourney uploads and image seeds through the relay (%s)', (backend) => {
  let f: RelayFixture;
  let mj: MjCalls;
  let channelId: number;

  beforeAll(async () => {
    // No scheduled polls: what changes a task here is the test's doing.
    f = await startRelayFixture(backend, {}, { appRole: 'api' });
    channelId = await f.addChannel({ type: 2, name: 'mj', models: 'mj_imagine,mj_upload', key: 'mj-secret' });
    mj = mjCalls(f, await f.newToken());
    await f.setOption('ServerAddress', 'https://gate.example');
  });
  afterAll(() => f.close());

  const uploadsAsked = () => f.mock.requests().filter((request) => request.path === UPLOAD_PATH).length;
  const taskCount = () => f.data.getRepository(TaskEntity).count();

  it("charges an upload by mj_upload, answers the proxy's links and keeps it as a finished drawing", async () => {
    const before = await f.aliceQuota();
    const logs = (await f.consumeLogs()).length;
    const { status, body } = await mj.call('POST', `/mj-relax${UPLOAD_PATH}`, {
      base64Array: [IMAGE, IMAGE],
      notifyHook: 'http://elsewhere.example/hook',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, description: '上传成功' });
    const links = body.result as string[];
    expect(links).toHaveLength(2);
    expect(links[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mj\/image-file\/upload-/);
    expect(await f.aliceQuota()).toBe(before - UPLOAD_QUOTA);
    const [log] = (await f.consumeLogs()).slice(logs);
    expect(log).toMatchObject({ modelName: 'mj_upload', quota: UPLOAD_QUOTA, channel: channelId });
    expect(log.other).toMatchObject({ model_price: 0.05, group_ratio: 1 });
    const sent = f.mock.requests().filter((request) => request.path === UPLOAD_PATH);
    expect(sent.at(-1)?.headers['mj-api-secret']).toBe('mj-secret');
    // The caller's hook is never handed to the proxy.
    expect(sent.at(-1)?.body).toEqual({ base64Array: [IMAGE, IMAGE] });
    const row = await f.data
      .getRepository(TaskEntity)
      .findOneByOrFail({ action: 'UPLOAD', userId: f.aliceId, channelId });
    expect(row).toMatchObject({ status: TaskStatus.Success, progress: '100%', quota: UPLOAD_QUOTA });
    const page = await f.t.http().get(`/api/mj/self?mj_id=${row.taskId}`).set(f.alice.headers);
    const [item] = (page.body.data as DrawingPage).items;
    expect(item).toMatchObject({ action: 'UPLOAD', status: 'SUCCESS', code: 1 });
    expect(item.image_url).toBe(`https://gate.example/mj/image/${row.taskId}`);
  });

  it('passes a refused upload on uncharged, and refuses a missing image list without asking the proxy', async () => {
    const before = await f.aliceQuota();
    const logs = (await f.consumeLogs()).length;
    const tasks = await taskCount();
    const refused = await mj.call('POST', UPLOAD_PATH, { base64Array: ['not a data url'] });
    expect(refused).toEqual({
      status: 200,
      body: { code: 4, description: 'base64 格式错误', result: [], properties: {} },
    });
    const asked = uploadsAsked();
    for (const body of [{}, { base64Array: [] }, { base64Array: [''] }, { base64Array: 'x' }, ['x']]) {
      const answer = await mj.call('POST', UPLOAD_PATH, body);
      expect({ body, status: answer.status, code: answer.body.code }).toEqual({ body, status: 400, code: 4 });
    }
    expect(uploadsAsked()).toBe(asked);
    expect(await f.aliceQuota()).toBe(before);
    expect(await f.consumeLogs()).toHaveLength(logs);
    expect(await taskCount()).toBe(tasks);
  });

  it("asks the task's own channel for its image seed, for the task's owner only, uncharged", async () => {
    const id = await mj.imagine('a seeded field');
    // A second proxy that routing would now prefer: the seed must still come from the task's.
    await f.addChannel({ type: 5, name: 'mj-2', models: 'mj_imagine', key: 'mj-secret-2', priority: 5 });
    const before = await f.aliceQuota();
    const direct = await fetch(`${f.mock.url}/mj/task/${id}/image-seed`, {
      headers: { 'mj-api-secret': 'mj-secret' },
    });
    const expected = (await direct.json()) as { result: string };
    expect(expected.result).toMatch(/^\d+$/);
    for (const path of [`/mj/task/${id}/image-seed`, `/fast/mj/task/${id}/image-seed`]) {
      const seed = await mj.call('GET', path);
      expect(seed).toEqual({
        status: 200,
        body: { code: 1, description: '成功', result: expected.result, properties: {} },
      });
      const sent = f.mock.requests().at(-1);
      expect(sent).toMatchObject({
        path: `/mj/task/${id}/image-seed`,
        headers: { 'mj-api-secret': 'mj-secret' },
      });
    }
    const eve = await f.newUser('eve', { quota: 1_000_000 });
    const eveKey = await f.newToken({}, eve);
    const asEve = { 'mj-api-secret': eveKey };
    const seeds = f.mock.requests().filter((request) => request.path.endsWith('/image-seed')).length;
    const stolen = await mj.call('GET', `/mj/task/${id}/image-seed`, undefined, asEve);
    const fetched = await mj.call('GET', `/mj/task/${id}/fetch`, undefined, asEve);
    // The same answer as fetching another's task, but for the request id each carries.
    const withoutRequestId = (answer: typeof stolen) => ({
      ...answer,
      body: { ...answer.body, description: answer.body.description.replace(/ \(request id: \w+\)$/, '') },
    });
    expect(withoutRequestId(stolen)).toEqual(withoutRequestId(fetched));
    expect(withoutRequestId(stolen)).toEqual({
      status: 404,
      body: { code: 4, description: `Task ${id} does not exist`, result: '' },
    });
    expect((await mj.call('GET', '/mj/task/no-such-task/image-seed')).status).toBe(404);
    expect(f.mock.requests().filter((request) => request.path.endsWith('/image-seed'))).toHaveLength(seeds);
    expect(await f.aliceQuota()).toBe(before);
  });
});
