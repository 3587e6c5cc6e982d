import { type ChannelListAnswer, type ChannelModelEntry, type Envelope } from '@tollgate/contracts';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

// Created in this order on a fresh database, so their ids are 1..5.
const FIXTURES = [
  {
    name: 'Alpha OpenAI',
    type: 1,
    models: 'gpt-4o,gpt-4o-mini',
    group: 'default',
    priority: 10,
    tag: 'team-a',
  },
  {
    name: 'Beta Claude',
    type: 14,
    models: 'claude-3-5-sonnet-20241022',
    group: 'default,vip',
    priority: 5,
    tag: 'team-a',
  },
  {
    name: 'Gamma',
    type: 1,
    models: 'gpt-4o',
    group: 'vip2',
    priority: 10,
    base_url: 'https://gamma.example',
  },
  {
    name: 'Delta 100%',
    type: 24,
    models: 'gemini-2.0-flash,my-private-model',
    group: 'vip',
    tag: 'team-b',
    status: 2,
  },
  { name: 'Epsilon', type: 1, models: 'gpt-4o-mini', group: 'default' },
];
const [A, B, C, D, E] = [1, 2, 3, 4, 5];

describe.each(BACKENDS)('channels: lists, search and model catalogues (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  let plain: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(backend);
    root = await t.setupRoot();
    await t.createUser('plain', 'plain-pass-1');
    plain = await t.signIn('plain', 'plain-pass-1');
    for (const [index, fixture] of FIXTURES.entries()) {
      const response = await t
        .http()
        .post('/api/channel/')
        .set(root.headers)
        .send({ key: `sk-fixture-${index}`, ...fixture });
      expect(response.body.data.ids).toEqual([index + 1]);
    }
  });
  afterAll(() => t.close());

  const get = async <T = ChannelListAnswer>(path: string) => {
    const response = await t.http().get(path).set(root.headers).set('Accept-Language', 'en');
    expect(response.status).toBe(200);
    return response.body as Envelope<T> & { data: T };
  };
  const ids = async (path: string) => {
    const body = await get(path);
    expect(body.success).toBe(true);
    return body.data.items.map((item) => item.id);
  };

  it('sorts by priority then id, or by id alone, and pages with the later answer shape', async () => {
    expect(await ids('/api/channel/')).toEqual([C, A, B, E, D]);
    expect(await ids('/api/channel/?id_sort=true')).toEqual([E, D, C, B, A]);
    const page = await get('/api/channel/?p=2&page_size=2');
    expect(page.data).toMatchObject({
      page: 2,
      page_size: 2,
      total: 5,
      type_counts: { '1': 3, '14': 1, '24': 1 },
    });
    expect(page.data.items.map((item) => item.id)).toEqual([B, E]);
    expect(JSON.stringify(page)).not.toContain('sk-fixture');
  });

  it('filters by type while counting every type', async () => {
    const body = await get('/api/channel/?type=1');
    expect(body.data.items.map((item) => item.id)).toEqual([C, A, E]);
    expect(body.data).toMatchObject({ total: 3, type_counts: { '1': 3, '14': 1, '24': 1 } });
  });

  it('pages over tags in tag mode and answers every channel of the paged tags', async () => {
    const first = await get('/api/channel/?tag_mode=true&page_size=2');
    expect(first.data.total).toBe(4);
    expect(first.data.items.map((item) => [item.id, item.tag])).toEqual([
      [C, ''],
      [A, 'team-a'],
      [B, 'team-a'],
    ]);
    expect(await ids('/api/channel/?tag_mode=true&page_size=2&p=2')).toEqual([E, D]);
    expect(await ids('/api/channel/?tag_mode=true&id_sort=true&page_size=2')).toEqual([E, D]);
    expect(await ids('/api/channel/?tag_mode=true&id_sort=true&page_size=2&p=2')).toEqual([C, B, A]);
  });

  it.each([
    ['a name, ignoring case', 'keyword=alpha', [A]],
    ['an id', 'keyword=3', [C]],
    ['a tag', 'keyword=team-a', [A, B]],
    ['a base URL', 'keyword=gamma.example', [C]],
    ['a literal %', 'keyword=%25', [D]],
    ['a literal _', 'keyword=_', []],
    ['never a key', 'keyword=sk-fixture', []],
    ['an exact group', 'group=vip', [B, D]],
    ['an exact model', 'model=gpt-4o', [C, A]],
    ['group and model together', 'group=default&model=gpt-4o-mini', [A, E]],
    ['a keyword within a group', 'keyword=a&group=vip&id_sort=true', [D, B]],
  ])('searches by %s', async (_case, query, expected) => {
    const body = await get(`/api/channel/search?${query}`);
    expect(body.data.items.map((item) => item.id)).toEqual(expected);
    expect(body.data.total).toBe(expected.length);
  });

  it('searches in tag mode: matching tags bring all their channels', async () => {
    const body = await get('/api/channel/search?keyword=beta&tag_mode=true');
    expect(body.data.items.map((item) => item.id)).toEqual([A, B]);
    expect(body.data.total).toBe(1);
  });

  it.each([
    '/api/channel/?page_size=1000',
    '/api/channel/?p=0',
    '/api/channel/?type=abc',
    `/api/channel/search?keyword=${'x'.repeat(300)}`,
  ])('refuses a bad query: %s', async (path) => {
    const body = await get(path);
    expect(body.success).toBe(false);
    expect(body.message).toBeTruthy();
  });

  it('lists every known model and the models of enabled channels', async () => {
    const models = (await get<ChannelModelEntry[]>('/api/channel/models')).data;
    const names = models.map((model) => model.id);
    expect(names).toEqual(
      expect.arrayContaining(['gpt-4o', 'my-private-model', 'dall-e-3', 'claude-3-5-sonnet-20241022']),
    );
    expect(new Set(names).size).toBe(names.length);
    expect(models[0]).toEqual({ id: names[0] });
    expect((await get<string[]>('/api/channel/models_enabled')).data).toEqual([
      'claude-3-5-sonnet-20241022',
      'gpt-4o',
      'gpt-4o-mini',
    ]);
  });

  it('keeps the catalogues and lists from anyone but administrators', async () => {
    for (const path of ['/api/channel/models', '/api/channel/models_enabled', '/api/channel/search']) {
      expect((await t.http().get(path)).status).toBe(401);
      expect((await t.http().get(path).set(plain.headers)).status).toBe(403);
    }
  });
});
