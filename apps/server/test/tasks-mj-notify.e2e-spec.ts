import { LogType, TaskStatus } from '@tollgate/contracts';
import { LogEntity } from '../src/modules/logs/log.entity';
import { mjReportOf } from '../src/modules/tasks/task-platforms';
import { TaskReports } from '../src/modules/tasks/task-reports';
import { type MjAnswer, type MjCalls, mjCalls } from './support/mj-calls';
import { type RelayFixture, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS } from './support/test-app';

// mj_imagine's default price 0.1 × QuotaPerUnit 500,000 × group ratio 1 (reference §7).
const IMAGINE_QUOTA = 50_000;
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

describe.each(BACKENDS)('Midjourney notify callback (%s)', (backend) => {
  let f: RelayFixture;
  let mj: MjCalls;
  let channelId: number;
  let hook: string;

  beforeAll(async () => {
    // No scheduled polls: a task changes only by a push or a poll the test runs.
    f = await startRelayFixture(backend, {}, { appRole: 'api' });
    channelId = await f.addChannel({ type: 2, name: 'mj', models: 'mj_imagine', key: 'mj-secret' });
    await f.addChannel({ type: 5, name: 'mj-blend', models: 'mj_blend', key: 'mj-secret-2' });
    mj = mjCalls(f, await f.newToken());
    // The mock proxy pushes to the hook: it must name this gateway.
    await f.setOption('ServerAddress', f.origin);
  });
  afterAll(() => f.close());

  const sentHook = (path: string) => {
    const sent = f.mock.requests().filter((request) => request.path === path);
    return (sent.at(-1)?.body as { notifyHook?: string }).notifyHook;
  };
  const push = async (url: string, body: unknown) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as MjAnswer };
  };
  const refundsOf = async (id: string) =>
    (await f.data.getRepository(LogEntity).findBy({ userId: f.aliceId, type: LogType.System })).filter(
      (log) => log.content.includes(id),
    );
  const listed = (id: string) =>
    f.mock
      .requests()
      .some(
        (request) =>
          request.path === '/mj/task/list-by-condition' && JSON.stringify(request.body).includes(id),
      );

  it("hands the proxy a hook of ours signed for the channel, never the caller's, only while MjNotifyEnabled", async () => {
    await f.setOption('MjNotifyEnabled', 'false');
    await mj.imagine('off', { notifyHook: 'http://elsewhere.example/hook' });
    expect(sentHook('/mj/submit/imagine')).toBeUndefined();
    await f.setOption('MjNotifyEnabled', 'true');
    await mj.imagine('on', { notifyHook: 'http://elsewhere.example/hook' });
    hook = sentHook('/mj/submit/imagine') ?? '';
    expect(hook).toMatch(new RegExp(`^${f.origin}/mj/notify\\?channel=${channelId}&signature=[0-9a-f]{64}$`));
  });

  it('applies a run the proxy pushes (IN_PROGRESS, then SUCCESS) without any poll', async () => {
    const id = await mj.imagine('a tower mock-notify');
    const done = await mj.taskWhen(id, (task) => task.progress === '100%');
    expect(done).toMatchObject({ status: TaskStatus.Success, quota: IMAGINE_QUOTA });
    expect(done.startTime).toBeGreaterThan(0);
    const fetched = await mj.call('GET', `/mj/task/${id}/fetch`);
    expect(fetched.body).toMatchObject({
      status: 'SUCCESS',
      progress: '100%',
      promptEn: 'a tower mock-notify (en)',
    });
    expect((fetched.body as unknown as { imageUrl: string }).imageUrl).toBe(`${f.origin}/mj/image/${id}`);
    expect(listed(id)).toBe(false);
  });

  it('refunds a pushed failure once, however often it is pushed or polled after', async () => {
    const before = await f.aliceQuota();
    const id = await mj.imagine('mock-notify mock-fail');
    const failed = await mj.taskWhen(id, (task) => task.progress === '100%');
    expect(failed).toMatchObject({ status: TaskStatus.Failure, failReason: 'mock failure' });
    const again = await push(hook, { id, status: 'FAILURE', progress: '100%', failReason: 'again' });
    expect(again).toEqual({
      status: 200,
      body: { code: 1, description: 'unchanged: the task has finished', result: id, properties: {} },
    });
    await mj.pollRound();
    expect(await f.aliceQuota()).toBe(before);
    expect(await refundsOf(id)).toHaveLength(1);
    expect((await mj.taskRow(id)).failReason).toBe('mock failure');
  });

  it('refunds once when a push and the poller report the same failure at the same time', async () => {
    const before = await f.aliceQuota();
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) ids.push(await mj.imagine(`mock-fail race ${n}`));
    expect(await f.aliceQuota()).toBe(before - 4 * IMAGINE_QUOTA);
    // The mock answers NOT_START, then IN_PROGRESS: its next list says FAILURE.
    await mj.pollRound();
    await mj.pollRound();
    const failure = (id: string) => ({
      id,
      status: 'FAILURE',
      progress: '100%',
      failReason: 'pushed failure',
    });
    // Rows read before the race, as a push that looked its task up a moment earlier holds them: whichever
    // report lands first, these still believe their task unfinished and reach the refund path too.
    const stale = await Promise.all(ids.map((id) => mj.taskRow(id)));
    const now = Math.floor(Date.now() / 1000);
    const late = stale.map((task) =>
      f.t.app.get(TaskReports).apply([{ task, report: mjReportOf(failure(task.taskId)) }], now),
    );
    const [, ...pushed] = await Promise.all([mj.pollRound(), ...ids.map((id) => push(hook, failure(id)))]);
    for (const answer of pushed) expect(answer.status).toBe(200);
    await Promise.all(late);
    for (const id of ids) {
      expect(await mj.taskRow(id)).toMatchObject({ status: TaskStatus.Failure, progress: '100%' });
      expect(await refundsOf(id)).toHaveLength(1);
    }
    expect(await f.aliceQuota()).toBe(before);
  });

  it("refuses forged pushes, another channel's hook and unknown ids; applies only known fields while unfinished", async () => {
    const id = await mj.imagine('a quiet lake');
    const row = await mj.taskRow(id);
    const url = new URL(hook);
    const signature = url.searchParams.get('signature') ?? '';
    const forged = `${f.origin}/mj/notify?channel=${channelId}&signature=${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const failure = { id, status: 'FAILURE', progress: '100%', failReason: 'forged' };
    const key = { 'mj-api-secret': await f.newToken() };
    const refusals = [
      await push(forged, failure),
      await push(`${f.origin}/mj/notify`, failure),
      await push(`${f.origin}/mj/notify?channel=${channelId + 1}&signature=${signature}`, failure),
      await mj.call('POST', '/mj/notify', failure, key),
    ];
    for (const refusal of refusals)
      expect(refusal).toMatchObject({
        status: 403,
        body: {
          code: 4,
          description: expect.stringContaining('This notify address was not issued by this gateway'),
        },
      });
    // The other proxy's own hook does not reach this channel's tasks.
    await mj.call('POST', '/mj/submit/blend', { base64Array: [IMAGE, IMAGE] });
    const otherHook = sentHook('/mj/submit/blend') ?? '';
    expect(otherHook).not.toBe(hook);
    const before = await f.aliceQuota();
    const elsewhere = await push(otherHook, failure);
    const unknown = await push(hook, { ...failure, id: 'no-such-task' });
    expect(elsewhere).toMatchObject({
      status: 404,
      body: { code: 4, description: expect.stringContaining(`Task ${id} does not exist`) },
    });
    expect(unknown).toMatchObject({
      status: 404,
      body: { code: 4, description: expect.stringContaining('Task no-such-task does not exist') },
    });
    expect(await push(hook, { status: 'FAILURE' })).toMatchObject({ status: 400, body: { code: 4 } });
    expect(await mj.taskRow(id)).toEqual(row);
    // Progress fields only: not the owner, the charge or the submit time; "100%" ends nothing but SUCCESS/FAILURE.
    const progress = await push(hook, {
      id,
      status: 'IN_PROGRESS',
      progress: '100%',
      imageUrl: 'http://proxy.example/partial.png',
      userId: 999,
      quota: 0,
      submitTime: 1,
      channelId: 999,
      extra: 'ignored',
    });
    expect(progress.body).toMatchObject({ code: 1, description: 'updated', result: id });
    const moved = await mj.taskRow(id);
    expect(moved).toMatchObject({
      status: 'IN_PROGRESS',
      progress: '0%',
      userId: f.aliceId,
      quota: IMAGINE_QUOTA,
    });
    expect(moved).toMatchObject({ submitTime: row.submitTime, channelId });
    expect(JSON.parse(moved.data)).toEqual({
      id,
      status: 'IN_PROGRESS',
      progress: '100%',
      imageUrl: 'http://proxy.example/partial.png',
    });
    // Other shapes are refused, fields of another type dropped; never a 5xx.
    for (const odd of [null, 'text', [id], { id: 5 }])
      expect({ odd, status: (await push(hook, odd)).status }).toEqual({ odd, status: 400 });
    const typed = await push(hook, {
      ...JSON.parse(moved.data),
      startTime: 'soon',
      buttons: 'none',
      properties: [],
      state: 7,
    });
    expect(typed.body).toMatchObject({ code: 1, description: 'unchanged' });
    expect(await mj.taskRow(id)).toEqual(moved);
    // Finished is final: a later FAILURE neither changes it nor refunds.
    expect((await push(hook, { id, status: 'SUCCESS', progress: '100%' })).body.description).toBe('updated');
    expect((await push(hook, failure)).body.description).toBe('unchanged: the task has finished');
    expect(await mj.taskRow(id)).toMatchObject({ status: 'SUCCESS', progress: '100%' });
    expect(await refundsOf(id)).toHaveLength(0);
    expect(await f.aliceQuota()).toBe(before);
  });

  it('refuses every push while MjNotifyEnabled is off, changing nothing', async () => {
    const id = await mj.imagine('switched off');
    const row = await mj.taskRow(id);
    await f.setOption('MjNotifyEnabled', 'false');
    const before = await f.aliceQuota();
    const refused = await push(hook, { id, status: 'FAILURE', progress: '100%', failReason: 'late' });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        code: 4,
        description: expect.stringContaining('Midjourney notify callbacks are turned off (MjNotifyEnabled)'),
      },
    });
    expect(await mj.taskRow(id)).toEqual(row);
    expect(await f.aliceQuota()).toBe(before);
    expect(await refundsOf(id)).toHaveLength(0);
  });
});
