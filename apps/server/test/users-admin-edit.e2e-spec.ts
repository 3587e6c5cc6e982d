import { LogType, Role, UserStatus } from '@tollgate/contracts';
import { UsersService } from '../src/modules/users/users.service';
import { BACKENDS, type SignedIn } from './support/test-app';
import { type UserAdminApp, startUserAdminApp } from './support/users-app';

describe.each(BACKENDS)('user management (%s)', (backend) => {
  let t: UserAdminApp;

  beforeAll(async () => {
    t = await startUserAdminApp(backend);
  });
  afterAll(() => t.close());

  describe('create', () => {
    it('creates a normal user (admin) and an admin (root) who can sign in', async () => {
      const created = await t
        .as(t.admin)
        .post('/api/user/', { username: ' made1 ', password: 'made-pass-1' });
      expect(created.body).toMatchObject({
        success: true,
        data: { username: 'made1', display_name: 'made1', role: 1 },
      });
      expect(created.body.data).not.toHaveProperty('password');
      const byRoot = await t.as(t.root).post('/api/user/', {
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
      expect((await t.as(session).get('/api/user/').expect(200)).body.success).toBe(true);
    });

    it('applies QuotaForNewUser and logs it', async () => {
      await t.as(t.root).put('/api/option/', { key: 'QuotaForNewUser', value: '1234' }).expect(200);
      try {
        const created = await t
          .as(t.root)
          .post('/api/user/', { username: 'bonus1', password: 'bonus-pass-1' });
        expect(created.body.data.quota).toBe(1234);
        const logs = await t.logsOf(created.body.data.id as number);
        expect(logs.map((log) => [log.type, log.quota])).toEqual([[LogType.System, 1234]]);
      } finally {
        await t.as(t.root).put('/api/option/', { key: 'QuotaForNewUser', value: '0' }).expect(200);
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
      const before = await t.userCount();
      const response = await t.as(actor === 'root' ? t.root : t.admin, 'zh-CN').post('/api/user/', body);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ success: false, message });
      expect(await t.userCount()).toBe(before);
    });
  });

  describe('update', () => {
    it('changes username, display name, group and password', async () => {
      const target = await t.freshUser();
      const response = await t.as(t.admin).put('/api/user/', {
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
      const keepPassword = await t.as(t.admin).put('/api/user/', { id: target.id, password: '' });
      expect(keepPassword.body.success).toBe(true);
      await t.signIn(`${target.username}x`, 'changed-pass-1');
    });

    it('sets the quota as a difference and logs a management entry', async () => {
      const target = await t.freshUser();
      await t.app.get(UsersService).addQuota(target.id, 500000);
      const response = await t.as(t.admin, 'en').put('/api/user/', { id: target.id, quota: 1500000 });
      expect(response.body.data.quota).toBe(1500000);
      const unchanged = await t.as(t.admin).put('/api/user/', {
        id: target.id,
        quota: 1500000,
        display_name: 'same',
      });
      expect(unchanged.body.data.quota).toBe(1500000);
      const logs = await t.logsOf(target.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({
        type: LogType.Manage,
        quota: 1000000,
        username: target.username,
        content: 'Administrator changed the quota from $1 to $3',
      });
      expect(JSON.parse(logs[0].other)).toEqual({
        admin_info: { admin_id: t.admin.id, admin_username: 'admin1' },
      });
      const lowered = await t.as(t.root, 'zh-CN').put('/api/user/', { id: target.id, quota: 0 });
      expect(lowered.body.data.quota).toBe(0);
      expect((await t.logsOf(target.id))[1]).toMatchObject({
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
      const target = await t.freshUser();
      const before = await t.readUser(target.id);
      const response = await t.as(t.admin, 'zh-CN').put('/api/user/', { id: target.id, ...changes });
      expect(response.body).toEqual({ success: false, message });
      expect(await t.readUser(target.id)).toEqual(before);
      await t.signIn(target.username, 'fresh-pass-1');
    });

    it('follows the role rules: only above the target, or root', async () => {
      const cases: Array<[SignedIn, number, number]> = [
        [t.admin, t.otherAdmin, 403],
        [t.admin, t.root.id, 403],
        [t.admin, t.admin.id, 403],
        [t.root, t.otherAdmin, 200],
        [t.root, t.root.id, 200],
      ];
      for (const [actor, id, status] of cases) {
        const before = await t.readUser(id);
        const response = await t.as(actor, 'zh-CN').put('/api/user/', {
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
      const refused = await t.as(t.admin).put('/api/user/', { id: t.otherAdmin, quota: 99 });
      expect(refused.status).toBe(403);
      expect((await t.readUser(t.otherAdmin)).quota).toBe(0);
    });

    it('answers unknown and cancelled users', async () => {
      expect((await t.as(t.root).put('/api/user/', { id: 999999, display_name: 'x' })).status).toBe(404);
      const target = await t.freshUser();
      await t.manage(t.root, target.id, 'delete').expect(200);
      const response = await t.as(t.root, 'zh-CN').put('/api/user/', { id: target.id, quota: 5 });
      expect(response.body).toEqual({ success: false, message: '该账户已注销，无法操作' });
      expect((await t.readUser(target.id)).quota).toBe(0);
    });
  });
});
