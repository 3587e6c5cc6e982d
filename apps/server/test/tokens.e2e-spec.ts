import { DataSource } from 'typeorm';
import { TokensService } from '../src/modules/tokens/tokens.service';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const now = () => Math.floor(Date.now() / 1000);
const KEY = /^sk-[0-9a-zA-Z]{48}$/;

describe.each(BACKENDS)('tokens (%s)', (backend) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.setupRoot();
    await t.createUser('alice', 'alice-pass-1');
    await t.createUser('bob', 'bob-pass-12');
    alice = await t.signIn('alice', 'alice-pass-1');
    bob = await t.signIn('bob', 'bob-pass-12');
  });
  afterAll(() => t.close());

  const create = (body: object, who = alice) =>
    t.http().post('/api/token/').set(who.headers).set('Accept-Language', 'zh-CN').send(body);
  const update = (body: object, who = alice, query = '') =>
    t.http().put(`/api/token/${query}`).set(who.headers).set('Accept-Language', 'zh-CN').send(body);
  const list = async (who = alice, query = '') => {
    const response = await t.http().get(`/api/token/${query}`).set(who.headers).expect(200);
    return response.body.data as {
      items: Array<Record<string, unknown>>;
      total: number;
      page: number;
      page_size: number;
    };
  };
  const read = async (id: number, who = alice) =>
    (await t.http().get(`/api/token/${id}`).set(who.headers).expect(200)).body.data as Record<
      string,
      unknown
    >;
  const createOne = async (body: object = {}, who = alice) => {
    const response = await create({ name: 'one', ...body }, who);
    expect(response.body.success).toBe(true);
    return response.body.data[0] as Record<string, unknown> & { id: number; key: string };
  };

  it('refuses anonymous callers on every call', async () => {
    const calls = [
      t.http().get('/api/token/'),
      t.http().get('/api/token/search'),
      t.http().get('/api/token/1'),
      t.http().post('/api/token/').send({ name: 'x' }),
      t.http().put('/api/token/').send({ id: 1, name: 'x' }),
      t.http().put('/api/token/?status_only=true').send({ id: 1, status: 2 }),
      t.http().delete('/api/token/1/'),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
  });

  it('creates a token with the spec defaults and an sk- key found by its hash', async () => {
    const before = now();
    const response = await create({ name: 'default-token' });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    const [token] = response.body.data as Array<Record<string, unknown> & { id: number; key: string }>;
    expect(token).toMatchObject({
      name: 'default-token',
      user_id: alice.id,
      status: 1,
      remain_quota: 500000,
      used_quota: 0,
      unlimited_quota: false,
      expired_time: -1,
      rate_limit_enabled: false,
      rate_limit_period: 60,
      rate_limit_count: 1000,
      rate_limit_success: 10,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      group: '',
      accessed_time: 0,
    });
    expect(token.key).toMatch(KEY);
    expect(token.created_time).toBeGreaterThanOrEqual(before);
    expect(await read(token.id)).toEqual(token);

    const found = await t.app.get(TokensService).findByKey(token.key);
    expect(found?.id).toBe(token.id);
    expect((await t.app.get(TokensService).findByKey(token.key.slice(3)))?.id).toBe(token.id);
    expect(await t.app.get(TokensService).findByKey(`sk-${'x'.repeat(48)}`)).toBeNull();

    // The database holds a hash and a sealed key, never the key itself.
    const rows: Array<Record<string, string>> = await t.app
      .get(DataSource)
      .query(`SELECT * FROM tokens WHERE id = ${token.id}`);
    expect(JSON.stringify(rows)).not.toContain(token.key.slice(3));
  });

  it('creates copies named name-XXXXXX and lists them newest first in pages', async () => {
    const response = await create({ name: 'batch', quantity: 3, remain_quota: 1000 });
    const names = (response.body.data as Array<{ name: string; key: string }>).map((token) => token.name);
    expect(names[0]).toBe('batch');
    expect(names.slice(1)).toEqual([
      expect.stringMatching(/^batch-[0-9a-zA-Z]{6}$/),
      expect.stringMatching(/^batch-[0-9a-zA-Z]{6}$/),
    ]);
    const keys = new Set((response.body.data as Array<{ key: string }>).map((token) => token.key));
    expect(keys.size).toBe(3);

    const page = await list(alice, '?p=1&size=2');
    expect(page.page).toBe(1);
    expect(page.page_size).toBe(2);
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect((page.items[0].id as number) > (page.items[1].id as number)).toBe(true);
    expect((await list(alice, '?p=2&page_size=2')).items).toHaveLength(2);
  });

  it.each([
    [{ name: 'bad', remain_quota: -1 }, '额度不能为负数'],
    [{ name: 'bad', expired_time: 'tomorrow' }, '过期时间格式错误！'],
    [{ name: 'bad', expired_time: '2030-01-01 00:00:00' }, '过期时间格式错误！'],
    [{ name: 'bad', expired_time: 1000 }, '过期时间必须晚于当前时间'],
    [{ name: 'n'.repeat(31) }, '令牌名称过长'],
    [{ name: 'n'.repeat(24), quantity: 2 }, '令牌名称过长'],
    [{ name: 'bad', quantity: 0 }, '数量必须是 1 到 100 之间的整数'],
    [{ name: 'bad', quantity: 101 }, '数量必须是 1 到 100 之间的整数'],
    [{ name: 'bad', allow_ips: '10.0.0.1\n300.1.1.1' }, 'IP 白名单格式错误：300.1.1.1'],
    [{ name: 'bad', allow_ips: '10.0.0.0/40' }, 'IP 白名单格式错误：10.0.0.0/40'],
    [{ name: 'bad', group: 'svip' }, '无权使用分组 svip'],
    [{ name: 'bad', group: 'no-such-group' }, '无权使用分组 no-such-group'],
    [{ name: 'bad', rate_limit_success: 0 }, 'rate_limit_success'],
    [{ name: 'bad', rate_limit_count: -1 }, 'rate_limit_count'],
    [{ name: 'bad', rate_limit_period: 0 }, 'rate_limit_period'],
    [{ name: 'bad', unlimited_quota: 'yes' }, 'unlimited_quota'],
    [{ name: 'bad', remain_quota: 1.5 }, 'remain_quota'],
  ])('refuses %j and stores nothing', async (body, message) => {
    const before = (await list(bob)).total;
    const response = await create(body, bob);
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(false);
    expect(response.body.message).toContain(message);
    expect((await list(bob)).total).toBe(before);
  });

  it('speaks English when asked', async () => {
    const response = await t
      .http()
      .post('/api/token/')
      .set(alice.headers)
      .set('Accept-Language', 'en-US')
      .send({ name: 'x', expired_time: 'soon' });
    expect(response.body.message).toBe('Invalid expiry time format!');
  });

  it('stores normalised limits, a usable group and a future expiry', async () => {
    const expiry = now() + 3600;
    const token = await createOne({
      group: 'vip',
      expired_time: String(expiry),
      unlimited_quota: true,
      model_limits_enabled: true,
      model_limits: ' gpt-4o, ,gpt-4o-mini ',
      allow_ips: '10.0.0.1\n\n 192.168.0.0/24 \n::1',
      rate_limit_enabled: true,
      rate_limit_period: 30,
      rate_limit_count: 0,
      rate_limit_success: 1,
    });
    expect(token).toMatchObject({
      group: 'vip',
      expired_time: expiry,
      unlimited_quota: true,
      model_limits: 'gpt-4o,gpt-4o-mini',
      allow_ips: '10.0.0.1\n192.168.0.0/24\n::1',
      rate_limit_period: 30,
      rate_limit_count: 0,
      rate_limit_success: 1,
    });
    expect((await createOne({ group: 'default' })).group).toBe('default');
  });

  it('searches by name keyword and by the whole or part of a key', async () => {
    const target = await createOne({ name: 'Findable_%' });
    await createOne({ name: 'other' });
    const search = async (query: string) => {
      const response = await t.http().get(`/api/token/search${query}`).set(alice.headers).expect(200);
      return (response.body.data.items as Array<{ id: number }>).map((token) => token.id);
    };
    expect(await search('?keyword=findable')).toEqual([target.id]);
    expect(await search('?keyword=able_%25')).toEqual([target.id]);
    expect(await search('?keyword=_%25x')).toEqual([]);
    expect(await search(`?token=${target.key}`)).toEqual([target.id]);
    expect(await search(`?token=${target.key.slice(3)}`)).toEqual([target.id]);
    expect(await search(`?token=${target.key.slice(10, 30)}`)).toEqual([target.id]);
    expect(await search(`?keyword=other&token=${target.key.slice(10, 30)}`)).toEqual([]);
    const all = await t.http().get('/api/token/search').set(alice.headers).expect(200);
    expect(all.body.data.total).toBe((await list()).total);
  });

  it('updates the fields sent and answers the token; bad input changes nothing', async () => {
    const token = await createOne({ name: 'editable', remain_quota: 100 });
    const response = await update({ id: token.id, name: 'edited', remain_quota: 250, allow_ips: '1.2.3.4' });
    expect(response.body.success).toBe(true);
    expect(response.body.data).toMatchObject({
      id: token.id,
      name: 'edited',
      remain_quota: 250,
      allow_ips: '1.2.3.4',
      key: token.key,
    });
    const stored = await read(token.id);

    for (const [body, message] of [
      [{ id: token.id, name: 'x', allow_ips: 'nope' }, 'IP 白名单格式错误：nope'],
      [{ id: token.id, name: 'x', remain_quota: -5 }, '额度不能为负数'],
      [{ id: token.id, name: 'x', expired_time: 'never' }, '过期时间格式错误！'],
      [{ id: token.id, name: 'x', group: 'svip' }, '无权使用分组 svip'],
      [{ id: token.id, name: 'z'.repeat(31) }, '令牌名称过长'],
      [{ id: token.id, name: '   ' }, '请输入令牌名称'],
      [{ name: 'no id' }, 'id'],
    ] as const) {
      const refused = await update(body);
      expect(refused.body.success).toBe(false);
      expect(refused.body.message).toContain(message);
    }
    expect(await read(token.id)).toEqual(stored);
  });

  it('refuses a token without a name (empty, blank or left out) and stores nothing', async () => {
    const listed = async (): Promise<number> =>
      ((await t.http().get('/api/token/?size=100').set(alice.headers)).body as { data: { total: number } })
        .data.total;
    const before = await listed();
    for (const body of [{ name: '' }, { name: '   ' }, { remain_quota: 100 }, { name: '', quantity: 3 }]) {
      expect((await create(body)).body).toEqual({ success: false, message: '请输入令牌名称' });
    }
    const english = await t
      .http()
      .post('/api/token/')
      .set(alice.headers)
      .set('Accept-Language', 'en')
      .send({ name: '' });
    expect(english.body).toEqual({ success: false, message: 'Please enter a token name' });
    expect(await listed()).toBe(before);
  });

  it('ignores fields a user may not set (key, status, used quota, owner)', async () => {
    const token = await createOne({ name: 'fixed' });
    const response = await update({
      id: token.id,
      key: 'sk-chosen',
      status: 2,
      used_quota: 999,
      user_id: bob.id,
      created_time: 1,
    });
    expect(response.body.success).toBe(true);
    expect(await read(token.id)).toEqual(token);
  });

  it('keeps an already past expiry when other fields are edited', async () => {
    const token = await createOne({ name: 'lapsed' });
    await t.app
      .get(DataSource)
      .query(`UPDATE tokens SET expired_time = ${now() - 100}, status = 3 WHERE id = ${token.id}`);
    const stored = await read(token.id);
    const response = await update({ ...stored, name: 'lapsed-renamed' });
    expect(response.body.success).toBe(true);
    expect(response.body.data).toMatchObject({
      name: 'lapsed-renamed',
      status: 3,
      expired_time: stored.expired_time,
    });
  });

  it('toggles status, refusing to enable expired or exhausted tokens until fixed', async () => {
    const statusOnly = (id: number, status: unknown) => update({ id, status }, alice, '?status_only=true');
    const token = await createOne({ name: 'toggle', remain_quota: 0 });

    expect((await statusOnly(token.id, 2)).body.data.status).toBe(2);
    const exhausted = await statusOnly(token.id, 1);
    expect(exhausted.body).toMatchObject({
      success: false,
      message: '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
    });
    expect((await read(token.id)).status).toBe(2);
    await update({ id: token.id, remain_quota: 10 });
    expect((await statusOnly(token.id, 1)).body.data.status).toBe(1);

    await t.app
      .get(DataSource)
      .query(`UPDATE tokens SET expired_time = ${now() - 5}, status = 3 WHERE id = ${token.id}`);
    const expired = await statusOnly(token.id, 1);
    expect(expired.body.message).toBe('令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期');
    expect((await read(token.id)).status).toBe(3);
    await update({ id: token.id, expired_time: -1 });
    expect((await statusOnly(token.id, 1)).body.data.status).toBe(1);

    for (const status of [3, 4, 0, undefined, 'on']) {
      const refused = await statusOnly(token.id, status);
      expect(refused.body.success).toBe(false);
    }
    expect((await read(token.id)).status).toBe(1);
  });

  it('deletes a token', async () => {
    const token = await createOne({ name: 'doomed' });
    const response = await t.http().delete(`/api/token/${token.id}/`).set(alice.headers);
    expect(response.body).toEqual({ success: true, message: '' });
    expect((await t.http().get(`/api/token/${token.id}`).set(alice.headers)).status).toBe(404);
    expect((await t.http().delete(`/api/token/${token.id}/`).set(alice.headers)).status).toBe(404);
    expect(await t.app.get(TokensService).findByKey(token.key)).toBeNull();
  });

  it('refuses malformed ids', async () => {
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const response = await t.http().get(`/api/token/${id}`).set(alice.headers);
      expect(response.body.success).toBe(false);
    }
  });

  it("never lets one user read or touch another user's token (404, as if missing)", async () => {
    const token = await createOne({ name: 'private' });
    const missing = await t.http().get('/api/token/2147483000').set(bob.headers);

    const get = await t.http().get(`/api/token/${token.id}`).set(bob.headers);
    expect(get.status).toBe(404);
    expect(get.body).toEqual(missing.body);
    expect((await update({ id: token.id, name: 'stolen' }, bob)).status).toBe(404);
    expect((await update({ id: token.id, status: 2 }, bob, '?status_only=true')).status).toBe(404);
    expect((await t.http().delete(`/api/token/${token.id}/`).set(bob.headers)).status).toBe(404);

    const bobs = await list(bob);
    expect(bobs.items.map((item) => item.id)).not.toContain(token.id);
    const search = await t.http().get(`/api/token/search?token=${token.key}`).set(bob.headers);
    expect(search.body.data.items).toEqual([]);
    const partial = await t
      .http()
      .get(`/api/token/search?token=${token.key.slice(5, 20)}`)
      .set(bob.headers);
    expect(partial.body.data.items).toEqual([]);

    expect(await read(token.id)).toEqual(token);
  });
});
