import { DataSource } from 'typeorm';
import { PubSub } from '../src/infra/redis/redis.ports';
import { CHANNELS_CHANGED } from '../src/modules/channels/channel-events';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

interface Channel {
  id: number;
  models: string;
  group: string;
  status: number;
  priority: number;
  weight: number;
  tag: string;
  model_mapping: string;
}

interface Ability {
  group: string;
  model: string;
  channel_id: number;
  enabled: boolean;
  priority: number;
  weight: number;
  tag: string;
}

const byKey = (a: Ability, b: Ability) =>
  `${a.channel_id}|${a.group}|${a.model}`.localeCompare(`${b.channel_id}|${b.group}|${b.model}`);

describe.each(BACKENDS)('channels: bulk and tag-wide edits keep abilities consistent (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  let plain: SignedIn;
  const notices: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend);
    root = await t.setupRoot();
    await t.createUser('plain', 'plain-pass-1');
    plain = await t.signIn('plain', 'plain-pass-1');
    await t.app.get(PubSub).subscribe(CHANNELS_CHANGED, (message) => notices.push(message));
  });
  afterAll(() => t.close());

  const call = (method: 'post' | 'put' | 'get' | 'delete', path: string, body?: object) => {
    const request = t.http()[method](path).set(root.headers).set('Accept-Language', 'zh-CN');
    return body ? request.send(body) : request;
  };
  const create = async (fields: Record<string, unknown>): Promise<number[]> => {
    const defaults = { name: 'c', key: 'sk-k', models: 'gpt-4o', group: 'default' };
    const body = fields.channel
      ? { ...fields, channel: { ...defaults, ...fields.channel } }
      : { ...defaults, ...fields };
    const response = await call('post', '/api/channel/', body);
    expect(response.body.success).toBe(true);
    return response.body.data.ids as number[];
  };
  const channels = async (): Promise<Channel[]> =>
    (await call('get', '/api/channel/?id_sort=true&page_size=100')).body.data.items as Channel[];
  const channel = async (id: number): Promise<Channel> =>
    (await call('get', `/api/channel/${id}`)).body.data as Channel;
  const abilities = async (): Promise<Ability[]> => {
    const rows: Ability[] = await t.app
      .get(DataSource)
      .query('SELECT "group", model, channel_id, enabled, priority, weight, tag FROM abilities');
    return rows
      .map((row) => ({
        ...row,
        channel_id: Number(row.channel_id),
        enabled: Boolean(row.enabled),
        priority: Number(row.priority),
        weight: Number(row.weight),
      }))
      .sort(byKey);
  };
  /** The routing index equals group × model of every channel, with its status, priority, weight and tag. */
  const expectConsistent = async (): Promise<Ability[]> => {
    const expected = (await channels()).flatMap((c) =>
      c.group.split(',').flatMap((group) =>
        c.models.split(',').map((model) => ({
          group,
          model,
          channel_id: c.id,
          enabled: c.status === 1,
          priority: c.priority,
          weight: c.weight,
          tag: c.tag,
        })),
      ),
    );
    const actual = await abilities();
    expect(actual).toEqual(expected.sort(byKey));
    return actual;
  };
  const snapshot = async () => ({ channels: await channels(), abilities: await abilities() });
  const refused = async (request: Promise<{ body: unknown }>, message: string) => {
    const before = await snapshot();
    expect((await request).body).toEqual({ success: false, message });
    expect(await snapshot()).toEqual(before);
  };
  const rowsOf = async (id: number) => (await abilities()).filter((row) => row.channel_id === id);

  it('refuses anonymous callers and ordinary users on every bulk and tag call', async () => {
    await create({ tag: 'guarded' });
    const routes: Array<['post' | 'put' | 'delete', string, object]> = [
      ['delete', '/api/channel/disabled', {}],
      ['post', '/api/channel/batch', { ids: [1] }],
      ['post', '/api/channel/fix', {}],
      ['post', '/api/channel/batch/tag', { ids: [1], tag: 'x' }],
      ['put', '/api/channel/tag', { tag: 'guarded', priority: 3 }],
      ['post', '/api/channel/tag/enabled', { tag: 'guarded' }],
      ['post', '/api/channel/tag/disabled', { tag: 'guarded' }],
    ];
    const before = await snapshot();
    for (const [method, path, body] of routes) {
      expect((await t.http()[method](path).send(body)).status).toBe(401);
      expect((await t.http()[method](path).set(plain.headers).send(body)).status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('writes abilities on every kind of create', async () => {
    const [single] = await create({ models: 'a1,a2', group: 'default,vip' });
    await create({ mode: 'batch', channel: { name: 'b', key: 'k1\nk2', models: 'b1', group: 'g1' } });
    await create({
      mode: 'multi_to_single',
      channel: { name: 'm', key: 'k1\nk2', models: 'm1,m2', group: 'g2' },
    });
    await create({ status: 2, models: 'off1' });
    expect((await rowsOf(single)).map((row) => `${row.group}/${row.model}`)).toEqual([
      'default/a1',
      'default/a2',
      'vip/a1',
      'vip/a2',
    ]);
    await expectConsistent();
  });

  it('rewrites abilities on updates of models, groups, priority, weight, status and tag', async () => {
    const [id] = await create({ models: 'u1,u2', group: 'default' });
    const steps: object[] = [
      { models: 'u2,u3,u4' },
      { group: 'vip,svip' },
      { priority: -999 },
      { weight: 7 },
      { status: 2 },
      { tag: 'moved' },
      { status: 1, models: 'u5', group: 'default', priority: 3 },
    ];
    for (const step of steps) {
      expect((await call('put', '/api/channel/', { id, ...step })).body.success).toBe(true);
      await expectConsistent();
    }
    expect(await rowsOf(id)).toEqual([
      { group: 'default', model: 'u5', channel_id: id, enabled: true, priority: 3, weight: 7, tag: 'moved' },
    ]);
  });

  it('tags a selection of channels in one call', async () => {
    const ids = await create({ mode: 'batch', channel: { name: 'sel', key: 's1\ns2\ns3', models: 'sel' } });
    await refused(call('post', '/api/channel/batch/tag', { tag: 'x' }), '请先选择要设置标签的渠道！');
    await refused(
      call('post', '/api/channel/batch/tag', { ids: [], tag: 'x' }),
      '请先选择要设置标签的渠道！',
    );
    await refused(call('post', '/api/channel/batch/tag', { ids, tag: '  ' }), '标签不能为空！');
    await refused(call('post', '/api/channel/batch/tag', { ids }), '标签不能为空！');
    const answer = await call('post', '/api/channel/batch/tag', {
      ids: [ids[0], ids[1], 999999],
      tag: 'picked',
    });
    expect(answer.body).toEqual({ success: true, message: '', data: 2 });
    expect((await channel(ids[0])).tag).toBe('picked');
    expect((await channel(ids[2])).tag).toBe('');
    await expectConsistent();
  });

  it('edits every channel of a tag: rename, mapping, groups and models, then priority, then weight', async () => {
    const ids = await create({
      mode: 'batch',
      channel: { name: 'tg', key: 't1\nt2', models: 'x1', tag: 'edit-me' },
    });
    const other = (await create({ tag: 'bystander', models: 'x1' }))[0];
    const edit = (body: object) => call('put', '/api/channel/tag', body);
    await refused(edit({ tag: '', priority: 1 }), '标签不能为空！');
    await refused(edit({ tag: 'edit-me' }), '没有任何修改！');
    await refused(edit({ tag: 'edit-me', new_tag: 'edit-me', models: '' }), '没有任何修改！');
    await refused(edit({ tag: 'edit-me', priority: 'high' }), '优先级必须是整数！');
    await refused(edit({ tag: 'edit-me', priority: -1000 }), '优先级不能小于 -999！');
    await refused(edit({ tag: 'edit-me', weight: -1 }), '权重必须是非负整数！');
    await refused(edit({ tag: 'edit-me', models: ' , ' }), '请至少选择一个模型！');
    await refused(
      edit({ tag: 'edit-me', model_mapping: '{bad' }),
      '模型重定向必须是合法的 JSON 对象（模型名到模型名）',
    );
    await refused(edit({ tag: 'no-such-tag', priority: 1 }), '渠道未找到，请刷新页面后重试');

    const renamed = await edit({
      tag: 'edit-me',
      new_tag: 'edited',
      model_mapping: '{"x2":"upstream-x2"}',
      groups: 'vip, default',
      models: 'x2,x3',
    });
    expect(renamed.body.data).toBe(2);
    for (const id of ids) {
      expect(await channel(id)).toMatchObject({
        tag: 'edited',
        model_mapping: '{"x2":"upstream-x2"}',
        group: 'vip,default',
        models: 'x2,x3',
      });
    }
    expect(await channel(other)).toMatchObject({ tag: 'bystander', models: 'x1' });
    await expectConsistent();
    expect((await edit({ tag: 'edited', priority: 42 })).body.data).toBe(2);
    await expectConsistent();
    expect((await edit({ tag: 'edited', weight: 8 })).body.data).toBe(2);
    const rows = (await expectConsistent()).filter((row) => ids.includes(row.channel_id));
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row).toMatchObject({ tag: 'edited', priority: 42, weight: 8 });
  });

  it('switches every channel of a tag off and on', async () => {
    const ids = await create({
      mode: 'batch',
      channel: { name: 'sw', key: 'w1\nw2', models: 'only-here', tag: 'switch' },
    });
    const enabledModels = async () =>
      (await call('get', '/api/channel/models_enabled')).body.data as string[];
    await refused(call('post', '/api/channel/tag/disabled', {}), '标签不能为空！');
    await refused(call('post', '/api/channel/tag/enabled', { tag: 'nope' }), '渠道未找到，请刷新页面后重试');
    expect((await call('post', '/api/channel/tag/disabled', { tag: 'switch' })).body.data).toBe(2);
    for (const id of ids) expect((await channel(id)).status).toBe(2);
    expect(await enabledModels()).not.toContain('only-here');
    await expectConsistent();
    expect((await call('post', '/api/channel/tag/enabled', { tag: 'switch' })).body.data).toBe(2);
    for (const id of ids) expect((await channel(id)).status).toBe(1);
    expect(await enabledModels()).toContain('only-here');
    await expectConsistent();
  });

  it('deletes a selection of channels', async () => {
    const ids = await create({ mode: 'batch', channel: { name: 'del', key: 'd1\nd2\nd3', models: 'del' } });
    await refused(call('post', '/api/channel/batch', {}), '请先选择要删除的渠道！');
    await refused(call('post', '/api/channel/batch', { ids: [] }), '请先选择要删除的渠道！');
    const before = await snapshot();
    expect((await call('post', '/api/channel/batch', { ids: ['one'] })).body.success).toBe(false);
    expect(await snapshot()).toEqual(before);
    const answer = await call('post', '/api/channel/batch', { ids: [ids[0], ids[1], 999999] });
    expect(answer.body).toEqual({ success: true, message: '', data: 2 });
    expect((await channels()).map((c) => c.id)).toEqual(expect.not.arrayContaining([ids[0], ids[1]]));
    expect((await channel(ids[2])).id).toBe(ids[2]);
    await expectConsistent();
  });

  it('deletes every disabled channel, by hand or automatically', async () => {
    const [auto] = await create({ models: 'auto' });
    await t.app.get(DataSource).query(`UPDATE channels SET status = 3 WHERE id = ${auto}`);
    await create({ status: 2, models: 'manual' });
    const disabled = (await channels()).filter((c) => c.status !== 1).length;
    expect(disabled).toBeGreaterThanOrEqual(2);
    const answer = await call('delete', '/api/channel/disabled');
    expect(answer.body).toEqual({ success: true, message: '', data: disabled });
    expect((await channels()).every((c) => c.status === 1)).toBe(true);
    await expectConsistent();
    expect((await call('delete', '/api/channel/disabled')).body.data).toBe(0);
  });

  it('rebuilds abilities from the channels and answers the number of channels', async () => {
    const [id] = await create({ models: 'f1,f2', group: 'default,vip', tag: 'fix' });
    const database = t.app.get(DataSource);
    await database.query(`DELETE FROM abilities WHERE channel_id = ${id} AND model = 'f1'`);
    await database.query(`UPDATE abilities SET priority = 77 WHERE channel_id = ${id}`);
    await database.query(
      `INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight, tag) VALUES ('ghost', 'ghost', 999999, ${backend === 'full' ? 'true' : '1'}, 0, 0, '')`,
    );
    await expect(expectConsistent()).rejects.toThrow();
    const total = (await channels()).length;
    expect((await call('post', '/api/channel/fix')).body).toEqual({
      success: true,
      message: '',
      data: total,
    });
    await expectConsistent();
  });

  it('stays consistent under concurrent writes', async () => {
    const ids = (
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => create({ models: `p${i},shared`, group: 'default,vip' })),
      )
    ).flat();
    const updates = await Promise.all(
      ids.map((id, i) =>
        call('put', '/api/channel/', { id, models: `q${i}`, priority: i, status: 1 + (i % 2) }),
      ),
    );
    expect(updates.every((response) => response.body.success)).toBe(true);
    const rows = (await expectConsistent()).filter((row) => ids.includes(row.channel_id));
    expect(rows).toHaveLength(20);
  });

  it('publishes every change on channels:changed for the routing caches of all replicas', async () => {
    notices.length = 0;
    const [id] = await create({ models: 'n1' });
    await call('put', '/api/channel/', { id, priority: 2 });
    await call('post', '/api/channel/fix');
    await call('delete', `/api/channel/${id}/`);
    const expected = [JSON.stringify([id]), JSON.stringify([id]), '*', JSON.stringify([id])];
    const started = Date.now();
    // Published as each change is written; 5 s of patience is for a busy machine, not for the code.
    while (notices.length < expected.length && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(notices).toEqual(expected);
  });
});
