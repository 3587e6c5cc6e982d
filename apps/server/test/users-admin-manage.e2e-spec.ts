import { Role, UserStatus } from '@tollgate/contracts';
import { BACKENDS } from './support/test-app';
import { type UserAdminApp, startUserAdminApp } from './support/users-app';

type Json = Record<string, unknown>;

describe.each(BACKENDS)('user management (%s)', (backend) => {
  let t: UserAdminApp;

  beforeAll(async () => {
    t = await startUserAdminApp(backend);
  });
  afterAll(() => t.close());

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
      const actor = actorName === 'root' ? t.root : t.admin;
      const target = targetRole === 'self' ? { id: t.admin.id } : await t.freshUser(targetRole);
      const before = await t.readUser(target.id);
      const response = await t.manage(actor, target.id, action).set('Accept-Language', 'zh-CN');
      if (Array.isArray(expected)) {
        expect(response.status).toBe(expected[0]);
        expect(response.body).toEqual({ success: false, message: expected[1] });
        expect(await t.readUser(target.id)).toEqual(before);
        return;
      }
      expect(response.body).toEqual({ success: true, message: '', data: expected });
      const after = await t.readUser(target.id);
      expect(after).toMatchObject(expected);
      expect(after.DeletedAt === null).toBe(action !== 'delete');
    });

    it('admin acting on the root is refused for every action', async () => {
      for (const action of ['promote', 'demote', 'disable', 'enable', 'delete']) {
        const response = await t.manage(t.admin, t.root.id, action).set('Accept-Language', 'zh-CN');
        expect(response.status).toBe(403);
        expect(response.body.message).toBe('无权更新同权限等级或更高权限等级的用户信息');
      }
      expect(await t.readUser(t.root.id)).toMatchObject({ role: Role.Root, status: 1, DeletedAt: null });
    });

    it('the root cannot be demoted, disabled or deleted, even by itself', async () => {
      const answers = await Promise.all(
        ['promote', 'demote', 'disable', 'delete', 'enable'].map(async (action) => {
          const response = await t.manage(t.root, t.root.id, action).set('Accept-Language', 'zh-CN');
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
      await t.as(t.root).get('/api/user/self').expect(200);
    });

    it('refuses normal users', async () => {
      const target = await t.freshUser();
      expect((await t.manage(t.normal, target.id, 'disable')).status).toBe(403);
      expect(await t.readUser(target.id)).toMatchObject({ status: UserStatus.Enabled });
    });

    it('answers bad actions, unknown ids and cancelled users', async () => {
      const target = await t.freshUser();
      const unknownAction = await t.manage(t.root, target.id, 'explode').set('Accept-Language', 'en');
      expect(unknownAction.body).toEqual({
        success: false,
        message: 'Unknown action; use promote, demote, disable, enable or delete',
      });
      expect((await t.as(t.root).post('/api/user/manage', { id: 'x', action: 'disable' })).body.success).toBe(
        false,
      );
      expect((await t.manage(t.root, 999999, 'disable')).status).toBe(404);
      await t.manage(t.root, target.id, 'delete').expect(200);
      const again = await t.manage(t.root, target.id, 'enable').set('Accept-Language', 'zh-CN');
      expect(again.body).toEqual({ success: false, message: '该账户已注销，无法操作' });
    });

    it('deleted users stay listed with DeletedAt set', async () => {
      const target = await t.freshUser(Role.Common, 'gone');
      await t.manage(t.admin, target.id, 'delete').expect(200);
      const listed = (await t.search(`keyword=${target.username}`)).items;
      expect(listed).toHaveLength(1);
      expect(typeof listed[0].DeletedAt).toBe('number');
    });

    it('ends sessions and access tokens of a disabled or deleted user at once', async () => {
      const target = await t.freshUser();
      let session = await t.signIn(target.username, 'fresh-pass-1');
      const token = (await t.as(session).get('/api/user/token').expect(200)).body.data as string;
      const byToken = () =>
        t
          .http()
          .get('/api/user/self')
          .set({ Authorization: token, 'New-Api-User': String(target.id) });
      await t.as(session).get('/api/user/self').expect(200);
      await byToken().expect(200);
      await t.manage(t.admin, target.id, 'disable').expect(200);
      expect((await t.as(session).get('/api/user/self')).status).toBe(401);
      expect((await byToken()).status).toBe(401);
      await t.manage(t.admin, target.id, 'enable').expect(200);
      // The sessions were ended, not paused: enabling lets the user sign in again, it revives nothing.
      expect((await t.as(session).get('/api/user/self')).status).toBe(401);
      session = await t.signIn(target.username, 'fresh-pass-1');
      await t.manage(t.admin, target.id, 'delete').expect(200);
      expect((await t.as(session).get('/api/user/self')).status).toBe(401);
      expect((await byToken()).status).toBe(401);
      const login = await t
        .http()
        .post('/api/user/login')
        .send({ username: target.username, password: 'fresh-pass-1' });
      expect(login.body.success).toBe(false);
    });

    it('a demoted admin loses admin calls at once', async () => {
      const target = await t.freshUser(Role.Admin);
      const session = await t.signIn(target.username, 'fresh-pass-1');
      await t.as(session).get('/api/user/').expect(200);
      await t.manage(t.root, target.id, 'demote').expect(200);
      expect((await t.as(session).get('/api/user/')).status).toBe(403);
    });
  });
});
