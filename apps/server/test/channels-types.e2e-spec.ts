import { CHANNEL_TYPES, type ChannelView } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { adapterFor, nativeAdapterFor } from '../src/modules/relay/providers';
import { OPENAI_FAMILY } from '../src/modules/relay/providers/openai/openai-urls';
import { MJ_CHANNEL_TYPES } from '../src/modules/tasks/mj.service';
import { SUNO_CHANNEL_TYPE } from '../src/modules/tasks/suno.service';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

// The catalogue types the relay has no adapter for (they used to fall back to the OpenAI one and fail every
// call): each waits for an adapter.
const NOT_RELAYED = [11, 15, 16, 18, 21, 23, 34, 37, 44, 49, 50, 51, 52, 54, 55, 56, 57];

const form = (overrides: Record<string, unknown> = {}) => ({
  type: 1,
  name: 'main',
  key: 'sk-upstream-1',
  models: 'm1,m2',
  group: 'default',
  // Satisfies the types that need one; the refusal must come before any other rule anyway.
  base_url: 'https://upstream.example',
  ...overrides,
});

describe('the channel type catalogue and the relay', () => {
  // Azure is OpenAI-shaped with an adapter of its own; the other OpenAI-family types share OpenAI's; Suno's
  // and Midjourney's calls are the tasks module's.
  const hasAdapter = (type: number) =>
    type === SUNO_CHANNEL_TYPE ||
    MJ_CHANNEL_TYPES.includes(type) ||
    OPENAI_FAMILY.has(type) ||
    nativeAdapterFor(type) !== undefined ||
    adapterFor(type) !== adapterFor(1);

  it('marks as relayed exactly the types the relay has an adapter for', () => {
    const mismatched = CHANNEL_TYPES.filter((info) => info.relayed !== hasAdapter(info.id));
    expect(mismatched.map((info) => `${info.id} ${info.name}`)).toEqual([]);
    expect(CHANNEL_TYPES.filter((info) => !info.relayed).map((info) => info.id)).toEqual(NOT_RELAYED);
  });
});

describe.each(BACKENDS)('channel types without an adapter (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(backend);
    root = await t.setupRoot();
  });
  afterAll(() => t.close());

  const send = (method: 'post' | 'put' | 'get', path: string, body?: object, lang = 'zh-CN') => {
    const request = t.http()[method](path).set(root.headers).set('Accept-Language', lang);
    return body ? request.send(body) : request;
  };
  const created = async (body: object): Promise<number> => {
    const response = await send('post', '/api/channel/', body);
    expect(response.body).toMatchObject({ success: true });
    return (response.body.data.ids as number[])[0];
  };
  const query = (sql: string) => t.app.get(DataSource).query(sql);
  const stored = async () => ({
    channels: await query('SELECT * FROM channels ORDER BY id'),
    abilities: await query('SELECT * FROM abilities ORDER BY channel_id, "group", model'),
  });

  it.each(NOT_RELAYED)('refuses to create a channel of type %i and stores nothing', async (type) => {
    const before = await stored();
    const name = CHANNEL_TYPES.find((info) => info.id === type)?.name;
    expect((await send('post', '/api/channel/', form({ type }))).body).toEqual({
      success: false,
      message: `暂不支持 ${name} 类型的渠道：网关还没有该服务商的适配器`,
    });
    const batch = { mode: 'batch', channel: form({ type, key: 'k1\nk2' }) };
    expect((await send('post', '/api/channel/', batch, 'en')).body).toEqual({
      success: false,
      message: `Channels of type ${name} are not supported yet: the gateway has no adapter for this provider`,
    });
    expect(await stored()).toEqual(before);
  });

  it('still saves the types it relays', async () => {
    const deepSeek = await created(form({ type: 43, name: 'deepseek' }));
    const claude = await created(form({ type: 14, name: 'claude', base_url: '' }));
    const azure = await created(form({ type: 3, name: 'azure' }));
    const ids = [deepSeek, claude, azure];
    const rows: Array<{ type: number }> = await query(
      `SELECT type FROM channels WHERE id IN (${ids.join(',')}) ORDER BY id`,
    );
    expect(rows.map((row) => row.type)).toEqual([43, 14, 3]);
  });

  it('refuses to switch a channel to such a type and changes nothing', async () => {
    const id = await created(form({ name: 'switching' }));
    const before = await stored();
    const answer = await send('put', '/api/channel/', { id, type: 34 }, 'en');
    expect(answer.body).toEqual({
      success: false,
      message: 'Channels of type Cohere are not supported yet: the gateway has no adapter for this provider',
    });
    expect(await stored()).toEqual(before);
  });

  it('keeps channels stored before as such readable, listed and editable', async () => {
    // A row saved before the refusal existed.
    const id = await created(form({ name: 'legacy-spark', key: 'app|secret|key' }));
    await query(`UPDATE channels SET type = 18 WHERE id = ${id}`);
    expect((await send('get', `/api/channel/${id}`)).body.data).toMatchObject({ id, type: 18 });
    for (const path of [
      '/api/channel/?page_size=100',
      '/api/channel/?type=18',
      '/api/channel/search?keyword=legacy',
    ]) {
      const items = (await send('get', path)).body.data.items as ChannelView[];
      expect(items.find((item) => item.id === id)).toMatchObject({ type: 18, name: 'legacy-spark' });
    }
    // An administrator can still switch it off, rename it or give it a type that works.
    expect(
      (await send('put', '/api/channel/', { id, status: 2, name: 'old spark' })).body.data,
    ).toMatchObject({
      type: 18,
      status: 2,
      name: 'old spark',
    });
    const moved = await send('put', '/api/channel/', { id, type: 1, key: 'sk-new' });
    expect(moved.body.data).toMatchObject({ type: 1 });
  });
});
