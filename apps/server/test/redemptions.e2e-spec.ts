import { type Code, type RedemptionDesk, startRedemptionDesk } from './support/redemption-desk';
import { BACKENDS, type SignedIn, type TestApp } from './support/test-app';

const now = () => Math.floor(Date.now() / 1000);

describe.each(BACKENDS)('redemption code administration (%s)', (backend) => {
  let desk: RedemptionDesk;
  let t: TestApp;
  let admin: SignedIn;
  let users: SignedIn[];

  beforeAll(async () => {
    desk = await startRedemptionDesk(backend);
    ({ t, admin, users } = desk);
  });
  afterAll(() => desk.close());

  const zh = { 'Accept-Language': 'zh-CN' };
  const total = async () =>
    (await t.http().get('/api/redemption/').set(admin.headers).expect(200)).body.data.total as number;

  it('refuses anonymous callers (401) and ordinary users (403) on every call', async () => {
    const calls = (headers: Record<string, string>) => [
      t.http().get('/api/redemption/').set(headers),
      t.http().get('/api/redemption/search?keyword=a').set(headers),
      t.http().get('/api/redemption/1').set(headers),
      t.http().post('/api/redemption/').set(headers).send({ name: 'x', quota: 1 }),
      t.http().put('/api/redemption/').set(headers).send({ id: 1, name: 'x' }),
      t.http().put('/api/redemption/?status_only=true').set(headers).send({ id: 1, status: 2 }),
      t.http().delete('/api/redemption/1/').set(headers),
      t
        .http()
        .put('/api/redemption/batch-disable')
        .set(headers)
        .send({ ids: [1] }),
      t.http().delete('/api/redemption/delete-disabled').set(headers),
      t.http().get('/api/redemption/count-by-name?name=x').set(headers),
      t.http().delete('/api/redemption/delete-by-name?name=x').set(headers),
    ];
    for (const response of await Promise.all(calls({}))) expect(response.status).toBe(401);
    for (const response of await Promise.all(calls(users[0].headers))) expect(response.status).toBe(403);
    expect(await total()).toBe(0);
  });

  it('creates codes with the spec defaults and answers their keys', async () => {
    const response = await desk.create({});
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
    const code = await desk.byKey(response.body.data[0]);
    expect(code).toMatchObject({
      name: '$0.20',
      quota: 100000,
      status: 1,
      is_gift: false,
      max_uses: -1,
      used_count: 0,
      used_user_id: 0,
      redeemed_time: 0,
      valid_from: 0,
      valid_until: 0,
    });
    expect(code.created_time).toBeGreaterThan(0);
    expect(await desk.read(code.id)).toEqual(code);

    const batch = await desk.create({ name: 'batch', quota: 5000, count: 3 });
    expect(batch.body.data).toHaveLength(3);
    expect(new Set(batch.body.data).size).toBe(3);
    const custom = await desk.create({ name: 'custom', quota: 1, key: 'SPRING-2025' });
    expect(custom.body.data).toEqual(['SPRING-2025']);
  });

  it.each([
    [{ name: 'n'.repeat(21), quota: 1 }, '兑换码名称长度必须在 1 到 20 个字符之间'],
    [{ name: 'x', quota: 1, count: 0 }, '兑换码个数必须大于0'],
    [{ name: 'x', quota: 1, count: 101 }, '一次兑换码批量生成的个数不能大于 100'],
    [{ name: 'x', quota: 0 }, '额度必须大于 0'],
    [{ name: 'x', quota: 1, valid_from: 2000, valid_until: 1000 }, '生效时间必须早于过期时间'],
    [{ name: 'x', quota: 1, valid_from: 1000, valid_until: 1000 }, '生效时间必须早于过期时间'],
    [{ name: 'x', quota: 1, is_gift: true, max_uses: 0 }, '最大使用次数必须为 -1（不限）或正整数'],
    [{ name: 'x', quota: 1, key: 'mine', count: 2 }, '自定义兑换码一次只能生成 1 个'],
    [{ name: 'x', quota: 1, key: 'has space' }, '自定义兑换码必须为 1 到 64 个字符且不含空白'],
    [{ name: 'x', quota: 1, key: 'SPRING-2025' }, '该兑换码已存在'],
    [{ name: 'x', quota: 'lots' }, 'quota'],
    [{ name: 'x', quota: 1, valid_until: -5 }, 'valid_until'],
  ])('refuses %j and stores nothing', async (body, message) => {
    const before = await total();
    const response = await desk.create(body);
    expect(response.body.success).toBe(false);
    expect(response.body.message).toContain(message);
    expect(await total()).toBe(before);
  });

  it('lists newest first in pages and searches by name, code or id', async () => {
    const page = (await t.http().get('/api/redemption/?p=1&page_size=2').set(admin.headers).expect(200)).body
      .data;
    expect(page).toMatchObject({ page: 1, page_size: 2, total: await total() });
    expect(page.items).toHaveLength(2);
    expect(page.items[0].id).toBeGreaterThan(page.items[1].id);

    const search = async (keyword: string) => {
      const response = await t
        .http()
        .get(`/api/redemption/search?keyword=${encodeURIComponent(keyword)}`)
        .set(admin.headers);
      return response.body.data as { total: number; items: Code[] };
    };
    expect((await search('BATCH')).total).toBe(3);
    const custom = await search('spring-2025');
    expect(custom.items.map((code) => code.key)).toEqual(['SPRING-2025']);
    expect((await search(String(custom.items[0].id))).items.map((code) => code.id)).toContain(
      custom.items[0].id,
    );
    expect((await search('%')).total).toBe(0);
    expect((await t.http().get('/api/redemption/2147483000').set(admin.headers)).status).toBe(404);
  });

  it('edits unused codes only, and bad edits change nothing', async () => {
    const code = await desk.newCode({ name: 'editable' });
    const edited = await desk.update({
      id: code.id,
      name: 'edited',
      quota: 2000,
      is_gift: true,
      max_uses: 5,
    });
    expect(edited.body.success).toBe(true);
    expect(edited.body.data).toMatchObject({
      id: code.id,
      name: 'edited',
      quota: 2000,
      is_gift: true,
      max_uses: 5,
      key: code.key,
    });
    const stored = await desk.read(code.id);

    for (const [body, message] of [
      [{ id: code.id, name: '' }, '兑换码名称长度必须在 1 到 20 个字符之间'],
      [{ id: code.id, quota: -1 }, '额度必须大于 0'],
      [{ id: code.id, valid_from: now() + 100, valid_until: now() + 50 }, '生效时间必须早于过期时间'],
      [{ id: code.id, max_uses: 0 }, '最大使用次数必须为 -1（不限）或正整数'],
      [{ name: 'no id' }, 'id'],
    ] as const) {
      const refused = await desk.update(body);
      expect(refused.body.success).toBe(false);
      expect(refused.body.message).toContain(message);
    }
    expect(await desk.read(code.id)).toEqual(stored);

    await desk.update({ id: code.id, status: 2 }, '?status_only=true');
    const disabledEdit = await desk.update({ id: code.id, name: 'nope' });
    expect(disabledEdit.body.message).toBe('只有未使用的兑换码可以编辑');
    expect((await desk.read(code.id)).name).toBe('edited');
  });

  it('enables and disables, but never a used code', async () => {
    const statusOnly = (id: number, status: unknown) => desk.update({ id, status }, '?status_only=true');
    const code = await desk.newCode();
    expect((await statusOnly(code.id, 2)).body.data.status).toBe(2);
    expect((await statusOnly(code.id, 1)).body.data.status).toBe(1);
    for (const status of [3, 0, undefined])
      expect((await statusOnly(code.id, status)).body.success).toBe(false);
    expect((await desk.read(code.id)).status).toBe(1);

    expect((await desk.redeem(users[0], code.key)).body.success).toBe(true);
    const used = await statusOnly(code.id, 1);
    expect(used.body).toMatchObject({ success: false, message: '已使用的兑换码无法启用或禁用' });
    expect((await statusOnly(code.id, 2)).body.success).toBe(false);
    expect((await desk.update({ id: code.id, name: 'late' })).body.message).toBe(
      '只有未使用的兑换码可以编辑',
    );
    expect(await desk.read(code.id)).toMatchObject({ status: 3, name: 'code' });
  });

  it('batch-disables, deletes disabled, counts and deletes by name', async () => {
    const a = await desk.newCode({ name: 'bulk' });
    const b = await desk.newCode({ name: 'bulk' });
    const used = await desk.newCode({ name: 'bulk' });
    await desk.redeem(users[1], used.key);

    const none = await t
      .http()
      .put('/api/redemption/batch-disable')
      .set(admin.headers)
      .set(zh)
      .send({ ids: [] });
    expect(none.body).toMatchObject({ success: false, message: '请至少选择一个兑换码！' });
    expect(
      (await t.http().put('/api/redemption/batch-disable').set(admin.headers).send({})).body.success,
    ).toBe(false);
    expect(
      (
        await t
          .http()
          .put('/api/redemption/batch-disable')
          .set(admin.headers)
          .send({ ids: ['x'] })
      ).body.success,
    ).toBe(false);
    expect((await desk.read(a.id)).status).toBe(1);

    const disabled = await t
      .http()
      .put('/api/redemption/batch-disable')
      .set(admin.headers)
      .send({ ids: [a.id, b.id, used.id] });
    expect(disabled.body).toEqual({ success: true, message: '', data: 2 });
    expect((await desk.read(used.id)).status).toBe(3);

    const removed = await t.http().delete('/api/redemption/delete-disabled').set(admin.headers);
    expect(removed.body.data).toBeGreaterThanOrEqual(2);
    expect((await t.http().get(`/api/redemption/${a.id}`).set(admin.headers)).status).toBe(404);
    expect((await desk.read(used.id)).status).toBe(3);

    await desk.newCode({ name: 'bulk' });
    const count = await t.http().get('/api/redemption/count-by-name?name=bulk').set(admin.headers);
    expect(count.body).toEqual({ success: true, message: '', data: 2 });
    for (const path of ['/api/redemption/count-by-name', '/api/redemption/count-by-name?name=%20']) {
      const refused = await t.http().get(path).set(admin.headers).set(zh);
      expect(refused.body).toMatchObject({ success: false, message: '请输入兑换码名称' });
    }
    const before = await total();
    const noName = await t.http().delete('/api/redemption/delete-by-name').set(admin.headers).set(zh);
    expect(noName.body).toMatchObject({ success: false, message: '请输入兑换码名称' });
    expect(await total()).toBe(before);
    const deleted = await t.http().delete('/api/redemption/delete-by-name?name=bulk').set(admin.headers);
    expect(deleted.body.data).toBe(2);
    expect(await total()).toBe(before - 2);
  });

  it('deletes one code', async () => {
    const code = await desk.newCode();
    expect((await t.http().delete(`/api/redemption/${code.id}/`).set(admin.headers)).body).toEqual({
      success: true,
      message: '',
    });
    expect((await t.http().get(`/api/redemption/${code.id}`).set(admin.headers)).status).toBe(404);
    expect((await t.http().delete(`/api/redemption/${code.id}/`).set(admin.headers)).status).toBe(404);
    expect((await desk.redeem(users[0], code.key)).body.message).toBe('无效的兑换码');
  });
});
