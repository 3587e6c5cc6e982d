import { Role } from '@tollgate/contracts';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { type Backend, type SignedIn, startTestApp, type TestApp } from './test-app';

type Json = Record<string, unknown>;
export interface Answer<T = Json> {
  success: boolean;
  message: string;
  data: T;
}
export interface PageOf<T = Json> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** The app with root, an admin (admin1) and three users (ann, ben, cat), and the message calls they make. */
export interface MessageDesk {
  t: TestApp;
  admin: SignedIn;
  users: SignedIn[];
  /** A call as `who` in `lang` (zh-CN unless told). */
  call(
    who: SignedIn,
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    body?: object,
    lang?: string,
  ): request.Test;
  /** POST /api/admin/messages as the admin; answers the envelope. */
  send(body: object, lang?: string): Promise<Answer>;
  /** Sends a Markdown message to `to` and answers its id. */
  sendTo(to: SignedIn[], title?: string): Promise<number>;
  inbox(who: SignedIn, query?: string): Promise<PageOf>;
  unread(who: SignedIn): Promise<number>;
  /** Both message tables' rows, to prove a refused call stored nothing. */
  snapshot(): Promise<string>;
  sql<T = Json>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function startMessageDesk(backend: Backend): Promise<MessageDesk> {
  const t = await startTestApp(backend);
  await t.setupRoot();
  await t.createUser('admin1', 'admin-pass-1', Role.Admin);
  const admin = await t.signIn('admin1', 'admin-pass-1');
  const users: SignedIn[] = [];
  for (const name of ['ann', 'ben', 'cat']) {
    await t.createUser(name, `${name}-pass-123`);
    users.push(await t.signIn(name, `${name}-pass-123`));
  }
  const data = t.app.get(DataSource);
  const call: MessageDesk['call'] = (who, method, path, body, lang = 'zh-CN') => {
    const test = t.http()[method](path).set(who.headers).set('Accept-Language', lang);
    return body === undefined ? test : test.send(body);
  };
  const send = async (body: object, lang?: string) =>
    (await call(admin, 'post', '/api/admin/messages', body, lang).expect(200)).body as Answer;
  const inbox = async (who: SignedIn, query = '') =>
    ((await call(who, 'get', `/api/user/messages${query}`).expect(200)).body as Answer<PageOf>).data;
  return {
    t,
    admin,
    users,
    call,
    send,
    async sendTo(to, title = 'Hello') {
      const answer = await send({
        title,
        content: `Body of ${title}`,
        format: 'markdown',
        user_ids: to.map((u) => u.id),
      });
      if (!answer.success) throw new Error(`send failed: ${answer.message}`);
      return answer.data.id as number;
    },
    inbox,
    async unread(who) {
      const response = await call(who, 'get', '/api/user/messages/unread_count').expect(200);
      return (response.body as Answer<{ unread_count: number }>).data.unread_count;
    },
    snapshot: async () =>
      JSON.stringify([
        await data.query('SELECT * FROM "messages" ORDER BY "id"'),
        await data.query('SELECT * FROM "message_recipients" ORDER BY "user_id", "message_id"'),
      ]),
    sql: (text) => data.query(text),
    close: () => t.close(),
  };
}
