import { Role } from '@tollgate/contracts';
import type request from 'supertest';
import { type Backend, type SignedIn, startTestApp, type TestApp } from './test-app';

/** A redemption code as the admin API answers it. */
export type Code = Record<string, unknown> & { id: number; key: string; status: number };

/** The app with root, an admin (admin1) and three users (ann, ben, cat), and the redemption calls they make. */
export interface RedemptionDesk {
  t: TestApp;
  admin: SignedIn;
  users: SignedIn[];
  /** POST /api/redemption/ in Chinese, as the admin unless `who` is given. */
  create(body: object, who?: SignedIn): request.Test;
  /** PUT /api/redemption/ (with `query`, e.g. ?status_only=true) as the admin, in Chinese. */
  update(body: object, query?: string): request.Test;
  byKey(key: string): Promise<Code>;
  read(id: number): Promise<Code>;
  /** A code named 'code' worth 1000 unless `body` says otherwise, read back. */
  newCode(body?: object): Promise<Code>;
  /** POST /api/user/topup as `who`. */
  redeem(who: SignedIn, key: unknown, lang?: string): request.Test;
  close(): Promise<void>;
}

export async function startRedemptionDesk(backend: Backend): Promise<RedemptionDesk> {
  const t = await startTestApp(backend);
  await t.setupRoot();
  await t.createUser('admin1', 'admin-pass-1', Role.Admin);
  const admin = await t.signIn('admin1', 'admin-pass-1');
  const users: SignedIn[] = [];
  for (const name of ['ann', 'ben', 'cat']) {
    await t.createUser(name, `${name}-pass-123`);
    users.push(await t.signIn(name, `${name}-pass-123`));
  }

  const zh = { 'Accept-Language': 'zh-CN' };
  const create = (body: object, who = admin) =>
    t.http().post('/api/redemption/').set(who.headers).set(zh).send(body);
  const byKey = async (key: string): Promise<Code> => {
    const response = await t
      .http()
      .get(`/api/redemption/search?keyword=${key}`)
      .set(admin.headers)
      .expect(200);
    return (response.body as { data: { items: Code[] } }).data.items[0];
  };
  return {
    t,
    admin,
    users,
    create,
    update: (body, query = '') =>
      t.http().put(`/api/redemption/${query}`).set(admin.headers).set(zh).send(body),
    byKey,
    read: async (id) => {
      const response = await t.http().get(`/api/redemption/${id}`).set(admin.headers).expect(200);
      return (response.body as { data: Code }).data;
    },
    async newCode(body = {}) {
      const answer = (await create({ name: 'code', quota: 1000, ...body })).body as {
        success: boolean;
        data: string[];
      };
      expect(answer.success).toBe(true);
      return byKey(answer.data[0]);
    },
    redeem: (who, key, lang = 'zh-CN') =>
      t.http().post('/api/user/topup').set(who.headers).set('Accept-Language', lang).send({ key }),
    close: () => t.close(),
  };
}
