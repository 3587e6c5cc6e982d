import { type ChannelView } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { ChannelsService } from '../src/modules/channels/channels.service';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const KEY = 'sk-upstream-secret-copy-0001';

const form = (overrides: Record<string, unknown> = {}) => ({
  type: 1,
  name: 'original',
  key: KEY,
  models: 'gpt-4o,gpt-4o-mini',
  group: 'default,vip',
  priority: 7,
  weight: 3,
  tag: 'copied-tag',
  base_url: 'https://upstream.example',
  model_mapping: '{"gpt-4o":"gpt-4o-2024-08-06"}',
  ...overrides,
});

// The fields a copy shares with its original; id, name and what was measured or used are its own.
const SETTINGS = [
  'type',
  'has_key',
  'key_count',
  'base_url',
  'models',
  'group',
  'priority',
  'weight',
  'tag',
  'model_mapping',
  'status',
  'auto_ban',
] as const;

describe.each(BACKENDS)('channels: copy keeps the sealed key on the server (%s)', (backend) => {
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

  const send = (method: 'post' | 'get' | 'put', path: string, body?: object, lang = 'zh-CN') => {
    const request = t.http()[method](path).set(root.headers).set('Accept-Language', lang);
    return body ? request.send(body) : request;
  };
  const createChannel = async (overrides: Record<string, unknown> = {}): Promise<number> => {
    const response = await send('post', '/api/channel/', form(overrides));
    expect(response.body).toMatchObject({ success: true });
    return (response.body.data.ids as number[])[0];
  };
  const read = async (id: number) => (await send('get', `/api/channel/${id}`)).body.data as ChannelView;
  const query = (sql: string) => t.app.get(DataSource).query(sql);
  const stored = async () => ({
    channels: await query('SELECT * FROM channels ORDER BY id'),
    abilities: await query('SELECT * FROM abilities ORDER BY channel_id, "group", model'),
  });

  it('copies every setting and the key under the name plus the suffix, untested and unused', async () => {
    const original = await createChannel();
    // The original has been measured and used: none of that is the copy's.
    await query(
      `UPDATE channels SET response_time = 850, test_time = 1700000000, balance = 12.5, used_quota = 4000 WHERE id = ${original}`,
    );
    const response = await send('post', `/api/channel/copy/${original}?suffix=_copy`);
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(JSON.stringify(response.body)).not.toContain(KEY);
    const copy = response.body.data as ChannelView;
    expect(copy.id).not.toBe(original);
    expect(copy.name).toBe('original_copy');
    expect(copy).toMatchObject({ response_time: 0, test_time: 0, balance: 0, used_quota: 0 });

    const [from, to] = [await read(original), await read(copy.id)];
    for (const field of SETTINGS) expect([field, to[field]]).toEqual([field, from[field]]);
    expect(from.response_time).toBe(850);
    // The copy's key opens to the original's: it works without the key being typed again.
    await expect(t.app.get(ChannelsService).openKeys(copy.id)).resolves.toEqual([KEY]);

    // Routing sees the copy: one ability per model and group, like the original's.
    const abilities: Array<{ channel_id: number; group: string; model: string }> = await query(
      `SELECT channel_id, "group", model FROM abilities WHERE channel_id IN (${original}, ${copy.id}) ORDER BY "group", model`,
    );
    const of = (id: number) =>
      abilities.filter((row) => row.channel_id === id).map((row) => `${row.group}/${row.model}`);
    expect(of(copy.id)).toEqual(of(original));
    expect(of(copy.id)).toHaveLength(4);
  });

  it('names the copy with the peers suffix by default and keeps a long name within the column', async () => {
    const original = await createChannel({ name: 'x'.repeat(255) });
    const copy = (await send('post', `/api/channel/copy/${original}`)).body.data as ChannelView;
    expect(copy.name).toBe(`${'x'.repeat(252)}_复制`);
    expect((await read(copy.id)).name).toHaveLength(255);
  });

  it('copies a multi-key channel with all its keys', async () => {
    const body = { mode: 'multi_to_single', channel: form({ name: 'multi', key: 'sk-one\nsk-two' }) };
    const created = await send('post', '/api/channel/', body);
    const original = (created.body.data.ids as number[])[0];
    const copy = (await send('post', `/api/channel/copy/${original}`)).body.data as ChannelView;
    expect(copy.key_count).toBe(2);
    await expect(t.app.get(ChannelsService).openKeys(copy.id)).resolves.toEqual(['sk-one', 'sk-two']);
  });

  it('refuses a missing channel, a bad suffix and non-administrators, storing nothing', async () => {
    const original = await createChannel({ name: 'guarded' });
    const before = await stored();
    expect((await send('post', '/api/channel/copy/999999')).body).toEqual({
      success: false,
      message: '渠道未找到，请刷新页面后重试',
    });
    expect((await send('post', '/api/channel/copy/999999', undefined, 'en')).body).toEqual({
      success: false,
      message: 'Channel not found, please refresh the page and try again',
    });
    const longSuffix = await send('post', `/api/channel/copy/${original}?suffix=${'s'.repeat(65)}`);
    expect(longSuffix.body.success).toBe(false);
    expect(longSuffix.status).toBeLessThan(500);
    expect((await t.http().post(`/api/channel/copy/${original}`)).status).toBe(401);
    expect((await t.http().post(`/api/channel/copy/${original}`).set(plain.headers)).status).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
