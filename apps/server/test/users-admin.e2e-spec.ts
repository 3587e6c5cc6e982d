import { LogType, Role, UserStatus } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { LogEntity } from '../src/modules/logs/log.entity';
import { UsersService } from '../src/modules/users/users.service';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

type Json = Record<string, unknown>;
interface UserPage {
  items: Json[];
  total: number;
  page: number;
  page_size: number;
}

describe.each(BACKENDS)('user management (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  let admin: SignedIn;
  let otherAdmin: number;
  let normal: SignedIn;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestApp(backend);
    root = await t.setupRoot('root', 'root-pass-123');
    await t.createUser('admin1', 'admin-pass-1', Role.Admin);
    otherAdmin = await t.createUser('admin2', 'admin-pass-2', Role.Admin);
    await t.createUser('normal1', 'normal-pass-1');
    admin = await t.signIn('admin1', 'admin-pass-1');
    normal = await t.signIn('normal1', 'normal-pass-1');
  });
  afterAll(() => t.close());

  /** A fresh user for tests that change it. */
  const freshUser = async (role: number = Role.Common, prefix = 'u') => {
    serial += 1;
    const username = `${prefix}${serial}`;
    return { id: await t.createUser(username, 'fresh-pass-1', role), username };
  };
  const as = (who: SignedIn, lang = 'en') => ({
    get: (path: string) => t.http().get(path).set(who.headers).set('Accept-Language', lang),
    post: (path: string, body: object) =>
      t.http().post(path).set(who.headers).set('Accept-Language', lang).send(body),
    put: (path: string, body: object) =>
      t.http().put(path).set(who.headers).set('Accept-Language', lang).send(body),
  });
  const readUser = async (id: number): Promise<Json> =>
    (await as(root).get(`/api/user/${id}`).expect(200)).body.data as Json;
  const search = async (query: string, who = root): Promise<UserPage> =>
    (await as(who).get(`/api/user/search?${query}`).expect(200)).body.data as UserPage;
  const userCount = async () =>
    ((await as(root).get('/api/user/?page_size=1').expect(200)).body.data as UserPage).total;
  const manage = (who: SignedIn, id: number, action: string) =>
    as(who).post('/api/user/manage', { id, action });
  const logsOf = (userId: number) =>
    t.app
      .get(DataSource)
      .getRepository(LogEntity)
      .find({ where: { userId }, order: { id: 'ASC' } });

  describe('access', () => {
    it('refuses anonymous callers on every admin call', async () => {
      const calls = [
        t.http().get('/api/user/'),
        t.http().get('/api/user/search?keyword=a'),
        t.http().get(`/api/user/${normal.id}`),
        t.http().post('/api/user/').send({ username: 'anon1', password: 'anon-pass-1' }),
        t.http().put('/api/user/').send({ id: normal.id, display_name: 'x' }),
        t.http().post('/api/user/manage').send({ id: normal.id, action: 'disable' }),
      ];
      for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
    });

    it('refuses normal users on every admin call, changing nothing', async () => {
      const calls = [
        as(normal).get('/api/user/'),
        as(normal).get('/api/user/search?keyword=a'),
        as(normal).get(`/api/user/${normal.id}`),
        as(normal).post('/api/user/', { username: 'sneaky1', password: 'sneaky-pass-1' }),
        as(normal).put('/api/user/', { id: normal.id, quota: 999 }),
        as(normal).post('/api/user/manage', { id: normal.id, action: 'promote' }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ success: false, message: 'No permission to perform this operation' });
      }
      expect((await search('keyword=sneaky1')).total).toBe(0);
      expect(await readUser(normal.id)).toMatchObject({ quota: 0, role: Role.Common });
    });
  });

  describe('list, search and read', () => {
    it('pages newest first without secrets', async () => {
      const page = (await as(admin).get('/api/user/?p=1&page_size=2').expect(200)).body.data as UserPage;
      expect(page).toMatchObject({ page: 1, page_size: 2 });
      expect(page.total).toBeGreaterThanOrEqual(4);
      expect(page.items).toHaveLength(2);
      expect(Number(page.items[0].id)).toBeGreaterThan(Number(page.items[1].id));
      for (const user of page.items) {
        expect(user).not.toHaveProperty('password');
        expect(user).not.toHaveProperty('access_token');
        expect(user).not.toHaveProperty('setting');
        expect(user).toHaveProperty('DeletedAt', null);
      }
      const second = (await as(admin).get('/api/user/?p=2&page_size=2').expect(200)).body.data as UserPage;
      expect(second.items[0].id).not.toBe(page.items[0].id);
    });

    it('refuses bad paging input', async () => {
      const response = await as(admin).get('/api/user/?p=0&page_size=1000').expect(200);
      expect(response.body.success).toBe(false);
      expect(response.body.message).toMatch(/p is too small/);
    });

    it('searches by username, display name, email or id, and filters by exact group', async () => {
      const target = await freshUser(Role.Common, 'findme');
      await as(root)
        .put('/api/user/', { id: target.id, display_name: 'Needle Person', group: 'vip' })
        .expect(200);
      await t.app.get(UsersService).setEmail(target.id, 'needle@example.com');
      const ids = async (query: string) => (await search(query)).items.map((user) => user.id);
      expect(await ids('keyword=FINDME')).toEqual([target.id]);
      expect(await ids('keyword=needle%20pers')).toEqual([target.id]);
      expect(await ids('keyword=needle@example')).toEqual([target.id]);
      expect(await ids(`keyword=${target.id}`)).toContain(target.id);
      expect(await ids('keyword=findme&group=vip')).toEqual([target.id]);
      expect(await ids('keyword=findme&group=vi')).toEqual([]);
      expect(await ids('keyword=findme&group=default')).toEqual([]);
      expect(await ids('keyword=%25')).toEqual([]); // a literal %, not a wildcard
      const vip = await search('group=vip');
      expect(vip.items.every((user) => user.group === 'vip')).toBe(true);
    });

    it('reads one user by role: above the target or root only', async () => {
      expect(await readUser(normal.id)).toMatchObject({ id: normal.id, username: 'normal1', role: 1 });
      expect((await as(admin).get(`/api/user/${normal.id}`)).body.data).toMatchObject({
        username: 'normal1',
      });
      const sameLevel = await as(admin, 'zh-CN').get(`/api/user/${otherAdmin}`);
      expect(sameLevel.status).toBe(403);
      expect(sameLevel.body).toEqual({ success: false, message: '无权获取同级或更高等级用户的信息' });
      expect((await as(admin).get(`/api/user/${root.id}`)).status).toBe(403);
      expect((await as(root).get(`/api/user/${otherAdmin}`)).status).toBe(200);
      expect((await as(root).get(`/api/user/${root.id}`)).body.data).toMatchObject({ role: Role.Root });
    });

    it('answers unknown and malformed ids', async () => {
      const missing = await as(root).get('/api/user/999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, message: 'User not found' });
      const malformed = await as(root).get('/api/user/abc');
      expect(malformed.body.success).toBe(false);
      expect(malformed.body.message).toMatch(/id must be an integer/);
    });
  });

  describe('create', () => {
    it('creates a normal user (admin) and an admin (root) who can sign in', async () => {
      const created = await as(admin).post('/api/user/', { username: ' made1 ', password: 'made-pass-1' });
      expect(created.body).toMatchObject({
        success: true,
        data: { username: 'made1', display_name: 'made1', role: 1 },
      });
      expect(created.body.data).not.toHaveProperty('password');
      const byRoot = await as(root).post('/api/user/', {
        username: 'made2',
        password: 'made-pass-2',
        display_name: 'Made Two',
        role: Role.Admin,
      });
      expect(byRoot.body.data).toMatchObject({
        username: 'made2',
        display_name: 'Made Two',
        role: Role.Admin,
      });
      const session = await t.signIn('made2', 'made-pass-2');
      expect((await as(session).get('/api/user/').expect(200)).body.success).toBe(true);
    });

    it('applies QuotaForNewUser and logs it', async () => {
      await as(root).put('/api/option/', { key: 'QuotaForNewUser', value: '1234' }).expect(200);
      try {
        const created = await as(root).post('/api/user/', { username: 'bonus1', password: 'bonus-pass-1' });
        expect(created.body.data.quota).toBe(1234);
        const logs = await logsOf(created.body.data.id as number);
        expect(logs.map((log) => [log.type, log.quota])).toEqual([[LogType.System, 1234]]);
      } finally {
        await as(root).put('/api/option/', { key: 'QuotaForNewUser', value: '0' }).expect(200);
      }
    });

    it.each([
      [
        { username: 'peer1', password: 'peer-pass-1', role: Role.Admin },
        'admin',
        403,
        '无法创建权限大于等于自己的用户',
      ],
      [
        { username: 'peer2', password: 'peer-pass-1', role: Role.Root },
        'admin',
        403,
        '无法创建权限大于等于自己的用户',
      ],
      [
        { username: 'peer3', password: 'peer-pass-1', role: Role.Root },
        'root',
        403,
        '无法创建权限大于等于自己的用户',
      ],
      [{ username: '', password: 'peer-pass-1' }, 'admin', 200, '用户名不能为空'],
      [{ username: 'peer4' }, 'admin', 200, '密码不能为空'],
      [{ username: 'peer5', password: 'short' }, 'admin', 200, '密码长度不得小于 8 位！'],
      [{ username: 'peer6', password: 'x'.repeat(21) }, 'admin', 200, '密码长度不得超过 20 位'],
      [
        { username: 'peer7-too-long-name', password: 'peer-pass-1' },
        'admin',
        200,
        '用户名长度必须在 1 到 12 个字符之间',
      ],
      [{ username: 'normal1', password: 'peer-pass-1' }, 'admin', 200, '用户名已存在'],
      [
        { username: 'peer8', password: 'peer-pass-1', display_name: 'd'.repeat(21) },
        'admin',
        200,
        '显示名称不能超过 20 个字符',
      ],
      [{ username: 'peer9', password: 'peer-pass-1', role: 5 }, 'admin', 200, 'role 的取值不受支持'],
      [{ username: 'peer10', password: 12345678 }, 'admin', 200, 'password 必须是字符串'],
    ])('refuses %j by %s', async (body, actor, status, message) => {
      const before = await userCount();
      const response = await as(actor === 'root' ? root : admin, 'zh-CN').post('/api/user/', body);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ success: false, message });
      expect(await userCount()).toBe(before);
    });
  });

  describe('update', () => {
    it('changes username, display name, group and password', async () => {
      const target = await freshUser();
      const response = await as(admin).put('/api/user/', {
        id: target.id,
        username: `${target.username}x`,
        display_name: 'Renamed',
        group: 'vip',
        password: 'changed-pass-1',
        github_id: 'stolen', // read-only for admins: dropped
        role: Role.Admin, // not editable here: dropped
        status: UserStatus.Disabled,
      });
      expect(response.body.success).toBe(true);
      expect(response.body.data).toMatchObject({
        username: `${target.username}x`,
        display_name: 'Renamed',
        group: 'vip',
        github_id: '',
        role: Role.Common,
        status: UserStatus.Enabled,
      });
      await t.signIn(`${target.username}x`, 'changed-pass-1');
      const keepPassword = await as(admin).put('/api/user/', { id: target.id, password: '' });
      expect(keepPassword.body.success).toBe(true);
      await t.signIn(`${target.username}x`, 'changed-pass-1');
    });

    it('sets the quota as a difference and logs a management entry', async () => {
      const target = await freshUser();
      await t.app.get(UsersService).addQuota(target.id, 500000);
      const response = await as(admin, 'en').put('/api/user/', { id: target.id, quota: 1500000 });
      expect(response.body.data.quota).toBe(1500000);
      const unchanged = await as(admin).put('/api/user/', {
        id: target.id,
        quota: 1500000,
        display_name: 'same',
      });
      expect(unchanged.body.data.quota).toBe(1500000);
      const logs = await logsOf(target.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({
        type: LogType.Manage,
        quota: 1000000,
        username: target.username,
        content: 'Administrator changed the quota from $1 to $3',
      });
      expect(JSON.parse(logs[0].other)).toEqual({
        admin_info: { admin_id: admin.id, admin_username: 'admin1' },
      });
      const lowered = await as(root, 'zh-CN').put('/api/user/', { id: target.id, quota: 0 });
      expect(lowered.body.data.quota).toBe(0);
      expect((await logsOf(target.id))[1]).toMatchObject({
        quota: -1500000,
        content: '管理员将用户额度从 $3 修改为 $0',
      });
    });

    it.each([
      [{ password: 'short' }, '密码长度不得小于 8 位！'],
      [{ username: '' }, '用户名不能为空'],
      [{ username: 'normal1' }, '用户名已存在'],
      [{ username: 'x'.repeat(13) }, '用户名长度必须在 1 到 12 个字符之间'],
      [{ display_name: 'd'.repeat(21) }, '显示名称不能超过 20 个字符'],
      [{ group: '  ' }, '分组名称长度必须在 1 到 64 个字符之间'],
      [{ quota: -1 }, '额度不能为负数'],
      [{ quota: 1.5 }, 'quota 必须是整数'],
      [{ display_name: 'ok', quota: -5 }, '额度不能为负数'],
      [{ group: 'vip', password: 'short' }, '密码长度不得小于 8 位！'],
    ])('refuses %j and changes nothing', async (changes, message) => {
      const target = await freshUser();
      const before = await readUser(target.id);
      const response = await as(admin, 'zh-CN').put('/api/user/', { id: target.id, ...changes });
      expect(response.body).toEqual({ success: false, message });
      expect(await readUser(target.id)).toEqual(before);
      await t.signIn(target.username, 'fresh-pass-1');
    });

    it('follows the role rules: only above the target, or root', async () => {
      const cases: Array<[SignedIn, number, number]> = [
        [admin, otherAdmin, 403],
        [admin, root.id, 403],
        [admin, admin.id, 403],
        [root, otherAdmin, 200],
        [root, root.id, 200],
      ];
      for (const [actor, id, status] of cases) {
        const before = await readUser(id);
        const response = await as(actor, 'zh-CN').put('/api/user/', {
          id,
          display_name: before.display_name,
        });
        expect(response.status).toBe(status);
        if (status === 403)
          expect(response.body).toEqual({
            success: false,
            message: '无权更新同权限等级或更高权限等级的用户信息',
          });
      }
      const refused = await as(admin).put('/api/user/', { id: otherAdmin, quota: 99 });
      expect(refused.status).toBe(403);
      expect((await readUser(otherAdmin)).quota).toBe(0);
    });

    it('answers unknown and cancelled users', async () => {
      expect((await as(root).put('/api/user/', { id: 999999, display_name: 'x' })).status).toBe(404);
      const target = await freshUser();
      await manage(root, target.id, 'delete').expect(200);
      const response = await as(root, 'zh-CN').put('/api/user/', { id: target.id, quota: 5 });
      expect(response.body).toEqual({ success: false, message: '该账户已注销，无法操作' });
      expect((await readUser(target.id)).quota).toBe(0);
    });
  });

  describe('manage', () => {
    type Expected = { role: number; status: number } | [number, string];
    // [actor, target role, action, answer]: every pair of normal/admin/root; normal actors are refused by the guard.
    const matrix: Array<['admin' | 'root', number | 'self', string, Expected]> = [
      ['admin', Role.Common, 'promote', [403, '普通管理员用户无法提升其他用户为管理员']],
      ['admin', Role.Common, 'demote', [200, '该用户已经是普通用户']],
      ['admin', Role.Common, 'disable', { role: Role.Common, status: UserStatus.Disabled }],
      ['admin', Role.Common, 'enable', { role: Role.Common, status: UserStatus.Enabled }],
      ['admin', Role.Common, 'delete', { role: Role.Common, status: UserStatus.Enabled }],
      ['admin', Role.Admin, 'promote', [403, '无权更新同权限等级或更高权限等级的用户信息']],
      ['admin', Role.Admin, 'demote', [403, '无权更新同权限等级或更高权限等级的用户信息']],
      ['admin', Role.Admin, 'disable', [403, '无权更新同权限等级或更高权限等级的用户信息']],
      ['admin', Role.Admin, 'enable', [403, '无权更新同权限等级或更高权限等级的用户信息']],
      ['admin', Role.Admin, 'delete', [403, '无权更新同权限等级或更高权限等级的用户信息']],
      ['admin', 'self', 'disable', [403, '无权更新同权限等级或更高权限等级的用户信息']],
      ['root', Role.Common, 'promote', { role: Role.Admin, status: UserStatus.Enabled }],
      ['root', Role.Common, 'demote', [200, '该用户已经是普通用户']],
      ['root', Role.Common, 'disable', { role: Role.Common, status: UserStatus.Disabled }],
      ['root', Role.Common, 'enable', { role: Role.Common, status: UserStatus.Enabled }],
      ['root', Role.Common, 'delete', { role: Role.Common, status: UserStatus.Enabled }],
      ['root', Role.Admin, 'promote', [200, '该用户已经是管理员']],
      ['root', Role.Admin, 'demote', { role: Role.Common, status: UserStatus.Enabled }],
      ['root', Role.Admin, 'disable', { role: Role.Admin, status: UserStatus.Disabled }],
      ['root', Role.Admin, 'enable', { role: Role.Admin, status: UserStatus.Enabled }],
      ['root', Role.Admin, 'delete', { role: Role.Admin, status: UserStatus.Enabled }],
    ];

    it.each(matrix)('%s on role %s: %s → %j', async (actorName, targetRole, action, expected) => {
      const actor = actorName === 'root' ? root : admin;
      const target = targetRole === 'self' ? { id: admin.id } : await freshUser(targetRole);
      const before = await readUser(target.id);
      const response = await manage(actor, target.id, action).set('Accept-Language', 'zh-CN');
      if (Array.isArray(expected)) {
        expect(response.status).toBe(expected[0]);
        expect(response.body).toEqual({ success: false, message: expected[1] });
        expect(await readUser(target.id)).toEqual(before);
        return;
      }
      expect(response.body).toEqual({ success: true, message: '', data: expected });
      const after = await readUser(target.id);
      expect(after).toMatchObject(expected);
      expect(after.DeletedAt === null).toBe(action !== 'delete');
    });

    it('admin acting on the root is refused for every action', async () => {
      for (const action of ['promote', 'demote', 'disable', 'enable', 'delete']) {
        const response = await manage(admin, root.id, action).set('Accept-Language', 'zh-CN');
        expect(response.status).toBe(403);
        expect(response.body.message).toBe('无权更新同权限等级或更高权限等级的用户信息');
      }
      expect(await readUser(root.id)).toMatchObject({ role: Role.Root, status: 1, DeletedAt: null });
    });

    it('the root cannot be demoted, disabled or deleted, even by itself', async () => {
      const answers = await Promise.all(
        ['promote', 'demote', 'disable', 'delete', 'enable'].map(async (action) => {
          const response = await manage(root, root.id, action).set('Accept-Language', 'zh-CN');
          const body = response.body as { success: boolean; message: string; data?: Json };
          return body.success ? body.data : body.message;
        }),
      );
      expect(answers).toEqual([
        '该用户已经是管理员',
        '无法降级超级管理员用户',
        '无法禁用超级管理员用户',
        '无法删除超级管理员用户',
        { role: Role.Root, status: UserStatus.Enabled },
      ]);
      await as(root).get('/api/user/self').expect(200);
    });

    it('refuses normal users', async () => {
      const target = await freshUser();
      expect((await manage(normal, target.id, 'disable')).status).toBe(403);
      expect(await readUser(target.id)).toMatchObject({ status: UserStatus.Enabled });
    });

    it('answers bad actions, unknown ids and cancelled users', async () => {
      const target = await freshUser();
      const unknownAction = await manage(root, target.id, 'explode').set('Accept-Language', 'en');
      expect(unknownAction.body).toEqual({
        success: false,
        message: 'Unknown action; use promote, demote, disable, enable or delete',
      });
      expect((await as(root).post('/api/user/manage', { id: 'x', action: 'disable' })).body.success).toBe(
        false,
      );
      expect((await manage(root, 999999, 'disable')).status).toBe(404);
      await manage(root, target.id, 'delete').expect(200);
      const again = await manage(root, target.id, 'enable').set('Accept-Language', 'zh-CN');
      expect(again.body).toEqual({ success: false, message: '该账户已注销，无法操作' });
    });

    it('deleted users stay listed with DeletedAt set', async () => {
      const target = await freshUser(Role.Common, 'gone');
      await manage(admin, target.id, 'delete').expect(200);
      const listed = (await search(`keyword=${target.username}`)).items;
      expect(listed).toHaveLength(1);
      expect(typeof listed[0].DeletedAt).toBe('number');
    });

    it('ends sessions and access tokens of a disabled or deleted user at once', async () => {
      const target = await freshUser();
      let session = await t.signIn(target.username, 'fresh-pass-1');
      const token = (await as(session).get('/api/user/token').expect(200)).body.data as string;
      const byToken = () =>
        t
          .http()
          .get('/api/user/self')
          .set({ Authorization: token, 'New-Api-User': String(target.id) });
      await as(session).get('/api/user/self').expect(200);
      await byToken().expect(200);
      await manage(admin, target.id, 'disable').expect(200);
      expect((await as(session).get('/api/user/self')).status).toBe(401);
      expect((await byToken()).status).toBe(401);
      await manage(admin, target.id, 'enable').expect(200);
      // The sessions were ended, not paused: enabling lets the user sign in again, it revives nothing.
      expect((await as(session).get('/api/user/self')).status).toBe(401);
      session = await t.signIn(target.username, 'fresh-pass-1');
      await manage(admin, target.id, 'delete').expect(200);
      expect((await as(session).get('/api/user/self')).status).toBe(401);
      expect((await byToken()).status).toBe(401);
      const login = await t
        .http()
        .post('/api/user/login')
        .send({ username: target.username, password: 'fresh-pass-1' });
      expect(login.body.success).toBe(false);
    });

    it('a demoted admin loses admin calls at once', async () => {
      const target = await freshUser(Role.Admin);
      const session = await t.signIn(target.username, 'fresh-pass-1');
      await as(session).get('/api/user/').expect(200);
      await manage(root, target.id, 'demote').expect(200);
      expect((await as(session).get('/api/user/')).status).toBe(403);
    });
  });
});
