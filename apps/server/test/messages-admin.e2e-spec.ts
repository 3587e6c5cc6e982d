import { type MessageDesk, type PageOf, startMessageDesk } from './support/message-desk';
import { BACKENDS, type SignedIn } from './support/test-app';

type Json = Record<string, unknown>;

describe.each(BACKENDS)('admin messages (%s)', (backend) => {
  let desk: MessageDesk;
  let admin: SignedIn;
  let ann: SignedIn;
  let ben: SignedIn;
  let cat: SignedIn;

  beforeAll(async () => {
    desk = await startMessageDesk(backend);
    admin = desk.admin;
    [ann, ben, cat] = desk.users;
  });
  afterAll(() => desk.close());

  const adminGet = async <T = Json>(path: string) =>
    ((await desk.call(admin, 'get', path).expect(200)).body as { data: T }).data;

  it('refuses anonymous callers (401) and ordinary users (403) on every admin call', async () => {
    const id = await desk.sendTo([ann]);
    const calls = (who: SignedIn | null) => {
      const headers = who?.headers ?? {};
      const http = () => desk.t.http();
      return [
        http().get('/api/admin/messages').set(headers),
        http().get('/api/admin/messages/search?keyword=a').set(headers),
        http().get(`/api/admin/messages/${id}`).set(headers),
        http().get(`/api/admin/messages/${id}/recipients`).set(headers),
        http()
          .post('/api/admin/messages')
          .set(headers)
          .send({ title: 't', content: 'c', user_ids: [ann.id] }),
        http().put(`/api/admin/messages/${id}`).set(headers).send({ title: 't', content: 'c' }),
        http().delete(`/api/admin/messages/${id}`).set(headers),
      ];
    };
    const before = await desk.snapshot();
    for (const response of await Promise.all(calls(null))) expect(response.status).toBe(401);
    for (const response of await Promise.all(calls(ann))) expect(response.status).toBe(403);
    for (const path of ['/api/user/messages', '/api/user/messages/unread_count', `/api/user/messages/${id}`])
      expect((await desk.t.http().get(path)).status).toBe(401);
    expect((await desk.t.http().put(`/api/user/messages/${id}/read`)).status).toBe(401);
    expect(await desk.snapshot()).toBe(before);
  });

  it('creates a message for the chosen users and reads it back with its recipient count', async () => {
    const answer = await desk.send({
      title: '  Maintenance  ',
      content: '**Tonight** at 22:00',
      format: 'markdown',
      user_ids: [ann.id, ben.id, ann.id],
    });
    expect(answer).toMatchObject({ success: true });
    const created = answer.data;
    expect(created).toMatchObject({
      title: 'Maintenance',
      content: '**Tonight** at 22:00',
      format: 'markdown',
      author_id: admin.id,
      stats: { total_recipients: 2 },
    });
    expect(created.created_at).toBeGreaterThan(0);
    expect(await adminGet(`/api/admin/messages/${String(created.id)}`)).toEqual(created);
    const list = await adminGet<PageOf>('/api/admin/messages?p=1&page_size=10');
    expect(list.items[0]).toEqual(created);
    expect(list).toMatchObject({ page: 1, page_size: 10 });
    expect((await desk.inbox(cat)).items.map((m) => m.id)).not.toContain(created.id);
  });

  it.each([
    [{ title: '   ', content: 'c', user_ids: [1] }, '请输入消息标题', 'Please enter the message title'],
    [{ content: 'c', user_ids: [1] }, '请输入消息标题', 'Please enter the message title'],
    [{ title: 't', content: ' \n ', user_ids: [1] }, '请输入消息内容', 'Please enter the message content'],
    [{ title: 't', user_ids: [1] }, '请输入消息内容', 'Please enter the message content'],
    [
      { title: 't', content: 'c', user_ids: [] },
      '请选择至少一个收件人',
      'Please select at least one recipient',
    ],
    [{ title: 't', content: 'c' }, '请选择至少一个收件人', 'Please select at least one recipient'],
    [
      { title: 't', content: 'c', all_users: false },
      '请选择至少一个收件人',
      'Please select at least one recipient',
    ],
  ])('refuses %j in both languages and stores nothing', async (body, zh, en) => {
    const before = await desk.snapshot();
    expect(await desk.send(body)).toMatchObject({ success: false, message: zh });
    expect(await desk.send(body, 'en-US')).toMatchObject({ success: false, message: en });
    expect(await desk.snapshot()).toBe(before);
  });

  it('refuses malformed fields and unknown recipients, storing nothing', async () => {
    const before = await desk.snapshot();
    const bad = [
      { title: 't', content: 'c', format: 'rtf', user_ids: [ann.id] },
      { title: 't'.repeat(201), content: 'c', user_ids: [ann.id] },
      { title: 't', content: 'c', user_ids: [0] },
      { title: 't', content: 'c', user_ids: 'all' },
      { title: 't', content: 'c', user_ids: [ann.id], all_users: 'yes' },
      { title: 5, content: 'c', user_ids: [ann.id] },
    ];
    for (const body of bad) {
      const answer = await desk.send(body, 'en');
      expect(answer.success).toBe(false);
      expect(answer.message).not.toBe('');
    }
    const missing = await desk.send({ title: 't', content: 'c', user_ids: [ann.id, 99999] });
    expect(missing).toMatchObject({ success: false, message: '部分收件人已不存在，请刷新后重新选择' });
    expect(await desk.snapshot()).toBe(before);
  });

  it('edits title, content and format; edit needs title and content', async () => {
    const id = await desk.sendTo([ann], 'Draft');
    const put = (body: object, lang?: string) =>
      desk.call(admin, 'put', `/api/admin/messages/${id}`, body, lang).expect(200);
    const edited = (await put({ title: 'Final', content: '<b>bold</b>', format: 'html' })).body;
    expect(edited).toMatchObject({
      success: true,
      data: { id, title: 'Final', content: '<b>bold</b>', format: 'html' },
    });
    const before = await desk.snapshot();
    expect((await put({ title: '', content: 'x' })).body).toMatchObject({
      success: false,
      message: '请输入消息标题',
    });
    expect((await put({ title: 'x', content: '' }, 'en')).body).toMatchObject({
      success: false,
      message: 'Please enter the message content',
    });
    expect((await put({ title: 'x', content: 'y', format: 'pdf' })).body.success).toBe(false);
    expect(await desk.snapshot()).toBe(before);
    // Format is kept when not sent; recipients never change.
    expect((await put({ title: 'Again', content: 'z' })).body.data).toMatchObject({
      format: 'html',
      stats: { total_recipients: 1 },
    });
    const gone = await desk
      .call(admin, 'put', '/api/admin/messages/99999', { title: 'a', content: 'b' })
      .expect(200);
    expect(gone.body).toMatchObject({ success: false, message: '消息不存在' });
  });

  it('lists recipients with username, display name and read time', async () => {
    const id = await desk.sendTo([cat, ann], 'Who read');
    await desk.call(ann, 'put', `/api/user/messages/${id}/read`).expect(200);
    const page = await adminGet<PageOf>(`/api/admin/messages/${id}/recipients?p=1&page_size=10`);
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      { user_id: ann.id, username: 'ann', display_name: expect.any(String), read_at: expect.any(Number) },
      { user_id: cat.id, username: 'cat', display_name: expect.any(String), read_at: 0 },
    ]);
    expect(page.items[0].read_at).toBeGreaterThan(0);
    const unknown = await desk.call(admin, 'get', '/api/admin/messages/99999/recipients').expect(200);
    expect(unknown.body).toMatchObject({ success: false, message: '消息不存在' });
  });

  it('searches by keyword (title or content, any case) and by sending date range', async () => {
    const id = await desk.sendTo([ben], 'Quarterly INVOICE');
    await desk.sql(`UPDATE "messages" SET "created_at" = 1000000 WHERE "id" = ${id}`);
    const search = async (query: string) =>
      (await adminGet<PageOf>(`/api/admin/messages/search?${query}`)).items.map((m) => m.id);
    expect(await search('keyword=invoice')).toEqual([id]);
    expect(await search('keyword=body%20of%20quarterly')).toEqual([id]);
    expect(await search('keyword=invoice&start_date=999999&end_date=1000000')).toEqual([id]);
    expect(await search('keyword=invoice&start_date=1000001')).toEqual([]);
    expect(await search('keyword=invoice&end_date=999999')).toEqual([]);
    expect(await search('start_date=999000&end_date=1001000')).toEqual([id]);
    expect(await search('keyword=100%25')).toEqual([]);
    const bad = await desk.call(
      admin,
      'get',
      '/api/admin/messages/search?start_date=yesterday',
      undefined,
      'en',
    );
    expect(bad.body.success).toBe(false);
  });

  it('deletes a message with its recipient rows', async () => {
    const id = await desk.sendTo([ann, ben], 'Short-lived');
    const unreadBefore = await desk.unread(ann);
    expect((await desk.call(admin, 'delete', `/api/admin/messages/${id}`).expect(200)).body.success).toBe(
      true,
    );
    expect(await desk.unread(ann)).toBe(unreadBefore - 1);
    expect(await desk.sql(`SELECT * FROM "message_recipients" WHERE "message_id" = ${id}`)).toEqual([]);
    const again = await desk.call(admin, 'delete', `/api/admin/messages/${id}`).expect(200);
    expect(again.body).toMatchObject({ success: false, message: '消息不存在' });
    expect((await desk.call(admin, 'get', `/api/admin/messages/${id}`, undefined, 'en')).body).toMatchObject({
      success: false,
      message: 'Message not found',
    });
  });
});
