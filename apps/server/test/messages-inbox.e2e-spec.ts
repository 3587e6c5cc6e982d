import { type MessageDesk, type PageOf, startMessageDesk } from './support/message-desk';
import { BACKENDS, type SignedIn } from './support/test-app';

describe.each(BACKENDS)('inbox and broadcasts (%s)', (backend) => {
  let desk: MessageDesk;
  let ann: SignedIn;
  let ben: SignedIn;
  let cat: SignedIn;

  beforeAll(async () => {
    desk = await startMessageDesk(backend);
    [ann, ben, cat] = desk.users;
  });
  afterAll(() => desk.close());

  it('pages a user through their own messages, newest first, with the unread count', async () => {
    const first = await desk.sendTo([ann, ben], 'First');
    const second = await desk.sendTo([ann], 'Second');
    const third = await desk.sendTo([ann], 'Third');
    await desk.sendTo([ben], 'Only for Ben');
    const page1 = await desk.inbox(ann, '?p=1&page_size=2');
    expect(page1).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page1.items.map((m) => m.id)).toEqual([third, second]);
    expect(page1.items[0]).toEqual({
      id: third,
      title: 'Third',
      content: 'Body of Third',
      format: 'markdown',
      created_at: expect.any(Number),
      read_at: 0,
      is_read: false,
    });
    expect((await desk.inbox(ann, '?p=2&page_size=2')).items.map((m) => m.id)).toEqual([first]);
    expect(await desk.unread(ann)).toBe(3);
    expect(await desk.unread(ben)).toBe(2);
    expect(await desk.unread(cat)).toBe(0);
    expect((await desk.inbox(cat)).total).toBe(0);
  });

  it('marks a message read once, and the unread count follows', async () => {
    const id = await desk.sendTo([cat], 'Read me');
    expect(await desk.unread(cat)).toBe(1);
    const read = await desk.call(cat, 'put', `/api/user/messages/${id}/read`).expect(200);
    expect(read.body).toMatchObject({ success: true, data: { read_at: expect.any(Number) } });
    const readAt = read.body.data.read_at as number;
    expect(readAt).toBeGreaterThan(0);
    expect(await desk.unread(cat)).toBe(0);
    const again = await desk.call(cat, 'put', `/api/user/messages/${id}/read`).expect(200);
    expect(again.body.data.read_at).toBe(readAt);
    const one = await desk.call(cat, 'get', `/api/user/messages/${id}`).expect(200);
    expect(one.body.data).toMatchObject({ id, title: 'Read me', read_at: readAt, is_read: true });
  });

  it("answers 消息不存在 for someone else's message and changes nothing", async () => {
    const id = await desk.sendTo([ann], 'Private');
    const before = await desk.snapshot();
    for (const [method, path] of [
      ['get', `/api/user/messages/${id}`],
      ['put', `/api/user/messages/${id}/read`],
      ['get', '/api/user/messages/99999'],
    ] as const) {
      expect((await desk.call(ben, method, path).expect(200)).body).toMatchObject({
        success: false,
        message: '消息不存在',
      });
      expect((await desk.call(ben, method, path, undefined, 'en').expect(200)).body.message).toBe(
        'Message not found',
      );
    }
    expect(await desk.snapshot()).toBe(before);
    expect((await desk.inbox(ben)).items.map((m) => m.id)).not.toContain(id);
    const bad = await desk.call(ben, 'get', '/api/user/messages?page_size=1000', undefined, 'en');
    expect(bad.body.success).toBe(false);
    expect((await desk.call(ben, 'put', '/api/user/messages/abc/read')).body.success).toBe(false);
  });

  it('broadcasts to every user that exists, not to deleted users nor to users created later', async () => {
    const doomed = await desk.t.createUser('doomed', 'doomed-pass-1');
    const removed = await desk.call(desk.admin, 'post', '/api/user/manage', { id: doomed, action: 'delete' });
    expect(removed.body.success).toBe(true);
    const everyone = (
      await desk.sql<{ n: number | string }>('SELECT COUNT(*) AS n FROM "users" WHERE "deleted_at" IS NULL')
    )[0].n;
    const sent = await desk.send({
      title: 'To all',
      content: 'Everybody',
      format: 'html',
      all_users: true,
      user_ids: [ann.id],
    });
    expect(sent).toMatchObject({ success: true, data: { stats: { total_recipients: Number(everyone) } } });
    const id = sent.data.id as number;
    for (const who of [ann, ben, cat, desk.admin]) expect((await desk.inbox(who)).items[0].id).toBe(id);
    expect(
      await desk.sql(
        `SELECT * FROM "message_recipients" WHERE "message_id" = ${id} AND "user_id" = ${doomed}`,
      ),
    ).toEqual([]);

    await desk.t.createUser('latecomer', 'late-pass-123');
    const late = await desk.t.signIn('latecomer', 'late-pass-123');
    expect(await desk.inbox(late)).toMatchObject({ total: 0, items: [] });
    expect(await desk.unread(late)).toBe(0);
    expect((await desk.call(late, 'get', `/api/user/messages/${id}`).expect(200)).body.success).toBe(false);
    const recipients = await desk
      .call(desk.admin, 'get', `/api/admin/messages/${id}/recipients?page_size=100`)
      .expect(200);
    const page = (recipients.body as { data: PageOf<{ user_id: number }> }).data;
    expect(page.total).toBe(Number(everyone));
    expect(page.items.map((r) => r.user_id)).not.toContain(late.id);
  });
});
