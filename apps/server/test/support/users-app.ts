import { Role } from '@tollgate/contracts';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { LogEntity } from '../../src/modules/logs/log.entity';
import { UserEntity } from '../../src/modules/users/user.entity';
import { setOptions } from './fakes/identity-setup';
import { type Backend, type SignedIn, startTestApp, type TestApp } from './test-app';

type Json = Record<string, unknown>;
/** The data of a successful console answer. */
const dataOf = <T>(response: request.Response): T => (response.body as { data: T }).data;

export interface UserPage {
  items: Json[];
  total: number;
  page: number;
  page_size: number;
}

/** Console calls with someone's headers, in one language. */
export interface ConsoleCalls {
  get(path: string): request.Test;
  post(path: string, body?: object): request.Test;
  put(path: string, body: object): request.Test;
  delete(path: string, body?: object): request.Test;
}

/** The app with root set up, and the calls both the admin and the own-account suites make. */
export interface UsersApp extends TestApp {
  root: SignedIn;
  /** Calls as `who`; the language defaults to the suite's own. */
  as: (who: Pick<SignedIn, 'headers'>, lang?: string) => ConsoleCalls;
  logsOf(userId: number): Promise<LogEntity[]>;
}

/** Root, two admins (admin1 signed in, admin2 only by id) and a signed-in normal user (normal1). */
export interface UserAdminApp extends UsersApp {
  admin: SignedIn;
  otherAdmin: number;
  normal: SignedIn;
  /** A fresh user (password fresh-pass-1) for tests that change it. */
  freshUser(role?: number, prefix?: string): Promise<{ id: number; username: string }>;
  /** GET /api/user/:id as root. */
  readUser(id: number): Promise<Json>;
  /** GET /api/user/search as root. */
  search(query: string): Promise<UserPage>;
  userCount(): Promise<number>;
  manage(who: SignedIn, id: number, action: string): request.Test;
}

/** Root only; every test signs in users of its own. */
export interface OwnAccountApp extends UsersApp {
  /** A fresh signed-in user (password self-pass-12) for tests that change it. */
  freshUser(role?: number): Promise<SignedIn & { username: string }>;
  /** GET /api/user/self as `who`. */
  self(who: SignedIn): Promise<Json>;
  setOption(key: string, value: string): Promise<void>;
  /** Invite earnings and check-in times have no admin call to set them; tests write the row directly. */
  setRow(userId: number, changes: Partial<UserEntity>): Promise<unknown>;
}

async function startUsersApp(backend: Backend, defaultLang: string): Promise<UsersApp> {
  const t = await startTestApp(backend);
  const root = await t.setupRoot('root', 'root-pass-123');
  const as = (who: Pick<SignedIn, 'headers'>, lang = defaultLang): ConsoleCalls => {
    const call = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
      t.http()[method](path).set(who.headers).set('Accept-Language', lang);
    return {
      get: (path) => call('get', path),
      post: (path, body = {}) => call('post', path).send(body),
      put: (path, body) => call('put', path).send(body),
      delete: (path, body = {}) => call('delete', path).send(body),
    };
  };
  const logsOf = (userId: number) =>
    t.app
      .get(DataSource)
      .getRepository(LogEntity)
      .find({ where: { userId }, order: { id: 'ASC' } });
  return { ...t, root, as, logsOf };
}

export async function startUserAdminApp(backend: Backend): Promise<UserAdminApp> {
  const base = await startUsersApp(backend, 'en');
  const { as, root } = base;
  await base.createUser('admin1', 'admin-pass-1', Role.Admin);
  const otherAdmin = await base.createUser('admin2', 'admin-pass-2', Role.Admin);
  await base.createUser('normal1', 'normal-pass-1');
  const admin = await base.signIn('admin1', 'admin-pass-1');
  const normal = await base.signIn('normal1', 'normal-pass-1');
  let serial = 0;
  return {
    ...base,
    admin,
    otherAdmin,
    normal,
    async freshUser(role = Role.Common, prefix = 'u') {
      serial += 1;
      const username = `${prefix}${serial}`;
      return { id: await base.createUser(username, 'fresh-pass-1', role), username };
    },
    readUser: async (id) => dataOf<Json>(await as(root).get(`/api/user/${id}`).expect(200)),
    search: async (query) => dataOf<UserPage>(await as(root).get(`/api/user/search?${query}`).expect(200)),
    userCount: async () => dataOf<UserPage>(await as(root).get('/api/user/?page_size=1').expect(200)).total,
    manage: (who, id, action) => as(who).post('/api/user/manage', { id, action }),
  };
}

export async function startOwnAccountApp(backend: Backend): Promise<OwnAccountApp> {
  const base = await startUsersApp(backend, 'zh-CN');
  let serial = 0;
  return {
    ...base,
    async freshUser(role = Role.Common) {
      serial += 1;
      const username = `self${serial}`;
      await base.createUser(username, 'self-pass-12', role);
      return { ...(await base.signIn(username, 'self-pass-12')), username };
    },
    self: async (who) => dataOf<Json>(await base.as(who).get('/api/user/self').expect(200)),
    setOption: (key, value) => setOptions(base, base.root, { [key]: value }),
    setRow: (userId, changes) =>
      base.app.get(DataSource).getRepository(UserEntity).update({ id: userId }, changes),
  };
}
