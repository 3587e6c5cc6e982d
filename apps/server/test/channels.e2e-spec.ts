import { type ChannelView, Role } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { ChannelsService } from '../src/modules/channels/channels.service';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const OPENAI_KEY = 'sk-upstream-secret-0001';

const form = (overrides: Record<string, unknown> = {}) => ({
  type: 1,
  name: 'main',
  key: OPENAI_KEY,
  models: 'gpt-4o,gpt-4o-mini',
  group: 'default',
  ...overrides,
});

describe.each(BACKENDS)('channels: create, read, update, delete (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  let plain: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(backend);
    root = await t.setupRoot();
    await t.createUser('plain', 'plain-pass-1');
    plain = await t.signIn('plain', 'plain-pass-1');
  });
  afterAll(() => t.close());

  const send = (method: 'post' | 'put' | 'get' | 'delete', path: string, body?: object, lang = 'zh-CN') => {
    const request = t.http()[method](path).set(root.headers).set('Accept-Language', lang);
    return body ? request.send(body) : request;
  };
  const create = (body: object, lang?: string) => send('post', '/api/channel/', body, lang);
  const update = (body: object, lang?: string) => send('put', '/api/channel/', body, lang);
  const get = async (id: number) => (await send('get', `/api/channel/${id}`)).body.data as ChannelView;
  const created = async (body: object): Promise<number[]> => {
    const response = await create(body);
    expect(response.body).toMatchObject({ success: true });
    return response.body.data.ids as number[];
  };
  // Everything stored, for "nothing changed" proofs: every channel through the API plus the raw rows.
  const snapshot = async () => ({
    list: (await send('get', '/api/channel/?page_size=100&id_sort=true')).body.data,
    channels: await t.app.get(DataSource).query('SELECT * FROM channels ORDER BY id'),
    abilities: await t.app
      .get(DataSource)
      .query('SELECT * FROM abilities ORDER BY channel_id, "group", model'),
  });
  const openKeys = (id: number) => t.app.get(ChannelsService).openKeys(id);

  it('is for administrators only', async () => {
    const admin = await t.createUser('admin1', 'admin-pass-1', Role.Admin);
    const adminSession = await t.signIn('admin1', 'admin-pass-1');
    expect(admin).toBeGreaterThan(0);
    const routes: Array<['get' | 'post' | 'put' | 'delete', string]> = [
      ['get', '/api/channel/'],
      ['get', '/api/channel/search?keyword=a'],
      ['get', '/api/channel/1'],
      ['post', '/api/channel/'],
      ['put', '/api/channel/'],
      ['delete', '/api/channel/1/'],
    ];
    const before = await snapshot();
    for (const [method, path] of routes) {
      expect((await t.http()[method](path).send(form())).status).toBe(401);
      expect((await t.http()[method](path).set(plain.headers).send(form())).status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    const list = await t.http().get('/api/channel/').set(adminSession.headers);
    expect(list.body.success).toBe(true);
  });

  it('creates a channel with normalised fields and never answers its key', async () => {
    const [id] = await created(
      form({
        name: '  primary ',
        models: ' gpt-4o, ,gpt-4o-mini,gpt-4o ,',
        group: 'default, vip ,default',
        base_url: 'https://proxy.example/v1//',
        tag: ' team-a ',
        priority: 5,
        weight: 3,
        model_mapping: '{"gpt-4o":"gpt-4o-2024-08-06"}',
        status_code_mapping: '{"429":"500"}',
        setting: '{"force_format":true}',
        param_override: '{"temperature":0.2}',
        header_override: '{"X-Team":"a"}',
        auto_ban: 0,
        test_model: 'gpt-4o-mini',
        model_prefix: 'a-',
        openai_organization: 'org-1',
        max_input_tokens: 4096,
      }),
    );
    const response = await send('get', `/api/channel/${id}`);
    expect(response.body.data).toMatchObject({
      id,
      type: 1,
      name: 'primary',
      has_key: true,
      key_count: 1,
      models: 'gpt-4o,gpt-4o-mini',
      group: 'default,vip',
      base_url: 'https://proxy.example/v1',
      tag: 'team-a',
      priority: 5,
      weight: 3,
      status: 1,
      auto_ban: 0,
      model_mapping: '{"gpt-4o":"gpt-4o-2024-08-06"}',
      status_code_mapping: '{"429":"500"}',
      setting: '{"force_format":true}',
      param_override: '{"temperature":0.2}',
      header_override: '{"X-Team":"a"}',
      test_model: 'gpt-4o-mini',
      model_prefix: 'a-',
      openai_organization: 'org-1',
      max_input_tokens: 4096,
      response_time: 0,
      balance: 0,
      used_quota: 0,
      other_info: '',
      test_time: 0,
      balance_updated_time: 0,
      channel_info: { is_multi_key: false, multi_key_size: 0 },
    });
    expect(response.body.data).not.toHaveProperty('key');
    expect(response.body.data.created_time).toBeGreaterThan(1_700_000_000);
    const list = await send('get', '/api/channel/?page_size=100');
    for (const body of [response.text, list.text]) expect(body).not.toContain(OPENAI_KEY);
    const [row] = await t.app.get(DataSource).query(`SELECT "key" FROM channels WHERE id = ${id}`);
    expect(row.key).not.toContain(OPENAI_KEY);
    expect(row.key).toMatch(/^v1:/);
    expect(list.text).not.toContain(row.key);
    expect(await openKeys(id)).toEqual([OPENAI_KEY]);
  });

  it('fills type defaults: Vertex region kept, Azure API version', async () => {
    const [vertex] = await created(
      form({ type: 41, key: '{"type":"service_account"}', other: '{"default":"us-central1"}' }),
    );
    expect((await get(vertex)).other).toBe('{"default":"us-central1"}');
    const [azure] = await created(form({ type: 3, base_url: 'https://acme.openai.azure.com/' }));
    expect(await get(azure)).toMatchObject({
      other: '2024-12-01-preview',
      base_url: 'https://acme.openai.azure.com',
    });
  });

  it.each([
    ['no name', { name: ' ' }, '请填写渠道名称和渠道密钥！'],
    ['no key', { key: '' }, '请填写渠道名称和渠道密钥！'],
    ['no models', { models: ' , ' }, '请至少选择一个模型！'],
    ['no groups', { group: '' }, '请至少选择一个分组！'],
    ['an unknown type', { type: 29 }, '未知的渠道类型：29'],
    ['a bad model mapping', { model_mapping: '{"a":' }, '模型重定向必须是合法的 JSON 对象（模型名到模型名）'],
    ['a bad setting', { setting: '[1]' }, '渠道额外设置必须是合法的 JSON 对象'],
    ['a bad parameter override', { param_override: 'x' }, '参数覆盖必须是合法的 JSON 对象'],
    [
      'a bad status code mapping',
      { status_code_mapping: '{"400":"x"}' },
      '状态码复写必须是合法的 JSON 对象，例如 {"400":"500"}',
    ],
    [
      'a bad header override',
      { header_override: '{"a":1}' },
      '请求头覆盖必须是合法的 JSON 对象（请求头名到字符串）',
    ],
    ['a fractional priority', { priority: 1.5 }, '优先级必须是整数！'],
    ['a priority below -999', { priority: -1000 }, '优先级不能小于 -999！'],
    ['a negative weight', { weight: -1 }, '权重必须是非负整数！'],
    ['a text weight', { weight: 'heavy' }, '权重必须是非负整数！'],
    ['status 3', { status: 3 }, '渠道状态只能设置为启用（1）或禁用（2）'],
    ['Vertex without a region', { type: 41, key: '{"a":1}', other: '' }, '请填写部署地区！'],
    [
      'Vertex with a broken region',
      { type: 41, key: '{"a":1}', other: '{"us":1' },
      '部署地区必须是合法的 JSON 字符串，且包含 default',
    ],
    [
      'Vertex with a plain key',
      { type: 41, key: 'sk-1', other: 'us-central1' },
      'Vertex AI 的密钥必须是服务账号 JSON',
    ],
    [
      'AWS with a one-part key',
      { type: 33, key: 'only-access-key' },
      '密钥格式不正确，应为 AccessKey|SecretKey|Region',
    ],
    ['Azure without a base URL', { type: 3 }, '该渠道类型必须填写 Base URL（代理地址）'],
    [
      'a base URL that is not http',
      { base_url: 'ftp://files.example' },
      'Base URL 必须以 http:// 或 https:// 开头',
    ],
    [
      'a 256-character model',
      { models: `gpt-4o,${'m'.repeat(256)}` },
      `模型名称不能超过 255 个字符：${'m'.repeat(256)}`,
    ],
  ])('refuses %s and stores nothing', async (_case, overrides, message) => {
    const before = await snapshot();
    const response = await create(form(overrides));
    expect(response.body).toEqual({ success: false, message });
    expect(await snapshot()).toEqual(before);
  });

  it('answers in English and refuses malformed bodies', async () => {
    const before = await snapshot();
    expect((await create(form({ name: '' }), 'en')).body.message).toBe(
      'Please enter the channel name and the channel key!',
    );
    const wrongType = (await create(form({ models: 5 }), 'en')).body;
    expect(wrongType).toMatchObject({ success: false, message: expect.stringMatching(/^models /) });
    expect((await create({ mode: 'sideways', channel: form() }, 'en')).body.success).toBe(false);
    expect((await create(form({ auto_ban: 2 }), 'en')).body.success).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('creates one channel per key line in batch mode, in both request shapes', async () => {
    const keys = 'sk-batch-1\n\n  sk-batch-2  \r\nsk-batch-1\nsk-batch-3\n';
    const wrapped = await created({ mode: 'batch', channel: form({ name: 'batch', key: keys, tag: 'b' }) });
    expect(wrapped).toHaveLength(3);
    const plainShape = await created({ ...form({ name: 'batch2', key: 'sk-x\nsk-y' }), mode: 'batch' });
    expect(plainShape).toHaveLength(2);
    for (const id of wrapped) expect(await get(id)).toMatchObject({ name: 'batch', tag: 'b', key_count: 1 });
    expect(await Promise.all(wrapped.map(openKeys))).toEqual([
      ['sk-batch-1'],
      ['sk-batch-2'],
      ['sk-batch-3'],
    ]);
  });

  it('treats Vertex AI batch text as one key, or one key per element of a JSON array', async () => {
    const account = (n: number) => ({ type: 'service_account', project_id: `p${n}` });
    const vertex = { type: 41, other: 'us-central1' };
    const multiline = JSON.stringify(account(1), null, 2);
    expect(await created({ mode: 'batch', channel: form({ ...vertex, key: multiline }) })).toHaveLength(1);
    const ids = await created({
      mode: 'batch',
      channel: form({ ...vertex, key: JSON.stringify([account(2), account(3)]) }),
    });
    expect(ids).toHaveLength(2);
    expect(JSON.parse((await openKeys(ids[1]))[0])).toEqual(account(3));
    const before = await snapshot();
    const bad = await create({ mode: 'batch', channel: form({ ...vertex, key: '[{"a":1}, "plain"]' }) });
    expect(bad.body.message).toBe('Vertex AI 的密钥必须是服务账号 JSON');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps several keys in one channel in multi_to_single mode', async () => {
    const [id] = await created({
      mode: 'multi_to_single',
      multi_key_mode: 'polling',
      channel: form({ name: 'pool', key: 'sk-m1\nsk-m2\n\nsk-m3' }),
    });
    expect(await get(id)).toMatchObject({
      has_key: true,
      key_count: 3,
      channel_info: {
        is_multi_key: true,
        multi_key_size: 3,
        multi_key_status_list: {},
        multi_key_polling_index: 0,
        multi_key_mode: 'polling',
      },
    });
    expect(await openKeys(id)).toEqual(['sk-m1', 'sk-m2', 'sk-m3']);
    const replaced = await update({ id, key: 'sk-n1\nsk-n2', multi_key_mode: 'random' });
    expect(replaced.body.data).toMatchObject({ key_count: 2, channel_info: { multi_key_mode: 'random' } });
    expect(await openKeys(id)).toEqual(['sk-n1', 'sk-n2']);
  });

  it('updates only what is sent and keeps the stored key when none is typed', async () => {
    const [id] = await created(form({ name: 'editable', priority: 1, weight: 1 }));
    const original = await get(id);
    expect((await update({ id, priority: 9 })).body.data).toEqual({ ...original, priority: 9 });
    expect((await update({ id, weight: '4' })).body.data.weight).toBe(4);
    expect((await update({ id, status: 2 })).body.data.status).toBe(2);
    // The console's edit form sends the whole channel back, with the key field left empty.
    const full = {
      ...(await get(id)),
      name: 'renamed',
      key: '',
      models: 'o3',
      base_url: 'https://x.example/',
    };
    const answer = await update(full);
    expect(answer.body.data).toMatchObject({
      name: 'renamed',
      models: 'o3',
      base_url: 'https://x.example',
      priority: 9,
      weight: 4,
      status: 2,
    });
    expect(answer.body.data).not.toHaveProperty('key');
    expect(await openKeys(id)).toEqual([OPENAI_KEY]);
    await update({ id, key: ' sk-new-key ' });
    expect(await openKeys(id)).toEqual(['sk-new-key']);
    expect((await update({ id, status: 1 })).body.data.status).toBe(1);
  });

  it.each([
    ['a fractional priority', { priority: 0.5 }, '优先级必须是整数！'],
    ['a negative weight', { weight: -3 }, '权重必须是非负整数！'],
    ['status 3', { status: 3 }, '渠道状态只能设置为启用（1）或禁用（2）'],
    ['an empty model list', { models: '' }, '请至少选择一个模型！'],
    ['an empty name', { name: '' }, '请填写渠道名称和渠道密钥！'],
    [
      'a type whose key format the stored key breaks',
      { type: 33 },
      '密钥格式不正确，应为 AccessKey|SecretKey|Region',
    ],
    ['bad JSON', { param_override: '{' }, '参数覆盖必须是合法的 JSON 对象'],
  ])('refuses an update with %s and changes nothing', async (_case, change, message) => {
    const [id] = await created(form({ name: 'guarded' }));
    const before = await snapshot();
    expect((await update({ id, ...change })).body).toEqual({ success: false, message });
    expect(await snapshot()).toEqual(before);
  });

  it('re-enables every key of a multi-key channel when it is switched on', async () => {
    const [id] = await created({ mode: 'multi_to_single', channel: form({ name: 'pool2', key: 'k1\nk2' }) });
    const info = { ...(await get(id)).channel_info, multi_key_status_list: { '0': 3, '1': 3 } };
    await t.app
      .get(DataSource)
      .query(`UPDATE channels SET status = 3, channel_info = '${JSON.stringify(info)}' WHERE id = ${id}`);
    const enabled = (await update({ id, status: 1 })).body.data;
    expect(enabled).toMatchObject({ status: 1, channel_info: { multi_key_status_list: {} } });
  });

  it('answers not found for unknown ids and refuses an id that is not a number', async () => {
    const missing = { success: false, message: '渠道未找到，请刷新页面后重试' };
    expect((await send('get', '/api/channel/999999')).body).toEqual(missing);
    const before = await snapshot();
    expect((await update({ id: 999999, name: 'x' })).body).toEqual(missing);
    expect((await send('delete', '/api/channel/999999/')).body).toEqual(missing);
    // Path ids are parsed like every other id: one the 32-bit column cannot hold is refused as input.
    const tooLarge = { success: false, message: 'id 过大' };
    expect((await send('get', '/api/channel/99999999999')).body).toEqual(tooLarge);
    expect((await send('delete', '/api/channel/99999999999')).body).toEqual(tooLarge);
    expect((await update({ id: 99999999999, name: 'x' })).body.success).toBe(false);
    expect((await send('post', '/api/channel/batch', { ids: [99999999999] })).body.success).toBe(false);
    expect((await update({ name: 'no id' })).body.success).toBe(false);
    expect((await send('get', '/api/channel/abc')).body.success).toBe(false);
    expect((await send('get', '/api/channel/999999', undefined, 'en')).body.message).toBe(
      'Channel not found, please refresh the page and try again',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('deletes one channel with its abilities', async () => {
    const [id] = await created(form({ name: 'doomed' }));
    const response = await send('delete', `/api/channel/${id}/`);
    expect(response.body).toEqual({ success: true, message: '' });
    expect((await send('get', `/api/channel/${id}`)).body.success).toBe(false);
    const rows = await t.app.get(DataSource).query(`SELECT * FROM abilities WHERE channel_id = ${id}`);
    expect(rows).toEqual([]);
  });
});
