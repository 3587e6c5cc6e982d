import { Role } from '@tollgate/contracts';
import { UsersService } from '../src/modules/users/users.service';
import { BACKENDS } from './support/test-app';
import { type UserAdminApp, type UserPage, startUserAdminApp } from './support/users-app';

describe.each(BACKENDS)('user management (%s)', (backend) => {
  let t: UserAdminApp;

  beforeAll(async () => {
    t = await startUserAdminApp(backend);
  });
  afterAll(() => t.close());

  describe('access', () => {
    it('refuses anonymous callers on every admin call', async () => {
      const calls = [
        t.http().get('/api/user/'),
        t.http().get('/api/user/search?keyword=a'),
        t.http().get(`/api/user/${t.normal.id}`),
        t.http().post('/api/user/').send({ username: 'anon1', password: 'anon-pass-1' }),
        t.http().put('/api/user/').send({ id: t.normal.id, display_name: 'x' }),
        t.http().post('/api/user/manage').send({ id: t.normal.id, action: 'disable' }),
      ];
      for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
    });

    it('refuses normal users on every admin call, changing nothing', async () => {
      const calls = [
        t.as(t.normal).get('/api/user/'),
        t.as(t.normal).get('/api/user/search?keyword=a'),
        t.as(t.normal).get(`/api/user/${t.normal.id}`),
        t.as(t.normal).post('/api/user/', { username: 'sneaky1', password: 'sneaky-pass-1' }),
        t.as(t.normal).put('/api/user/', { id: t.normal.id, quota: 999 }),
        t.as(t.normal).post('/api/user/manage', { id: t.normal.id, action: 'promote' }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ success: false, message: 'No permission to perform this operation' });
      }
      expect((await t.search('keyword=sneaky1')).total).toBe(0);
      expect(await t.readUser(t.normal.id)).toMatchObject({ quota: 0, role: Role.Common });
    });
  });

  describe('list, search and read', () => {
    it('pages newest first without secrets', async () => {
      const page = (await t.as(t.admin).get('/api/user/?p=1&page_size=2').expect(200)).body.data as UserPage;
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
      const second = (await t.as(t.admin).get('/api/user/?p=2&page_size=2').expect(200)).body
        .data as UserPage;
      expect(second.items[0].id).not.toBe(page.items[0].id);
    });

    it('refuses bad paging input', async () => {
      const response = await t.as(t.admin).get('/api/user/?p=0&page_size=1000').expect(200);
      expect(response.body.success).toBe(false);
      expect(response.body.message).toMatch(/p is too small/);
    });

    it('searches by username, display name, email or id, and filters by exact group', async () => {
      const target = await t.freshUser(Role.Common, 'findme');
      await t
        .as(t.root)
        .put('/api/user/', { id: target.id, display_name: 'Needle Person', group: 'vip' })
        .expect(200);
      await t.app.get(UsersService).setEmail(target.id, 'needle@example.com');
      const ids = async (query: string) => (await t.search(query)).items.map((user) => user.id);
      expect(await ids('keyword=FINDME')).toEqual([target.id]);
      expect(await ids('keyword=needle%20pers')).toEqual([target.id]);
      expect(await ids('keyword=needle@example')).toEqual([target.id]);
      expect(await ids(`keyword=${target.id}`)).toContain(target.id);
      expect(await ids('keyword=findme&group=vip')).toEqual([target.id]);
      expect(await ids('keyword=findme&group=vi')).toEqual([]);
      expect(await ids('keyword=findme&group=default')).toEqual([]);
      expect(await ids('keyword=%25')).toEqual([]); // a literal %, not a wildcard
      const vip = await t.search('group=vip');
      expect(vip.items.every((user) => user.group === 'vip')).toBe(true);
    });

    it('reads one user by role: above the target or root only', async () => {
      expect(await t.readUser(t.normal.id)).toMatchObject({ id: t.normal.id, username: 'normal1', role: 1 });
      expect((await t.as(t.admin).get(`/api/user/${t.normal.id}`)).body.data).toMatchObject({
        username: 'normal1',
      });
      const sameLevel = await t.as(t.admin, 'zh-CN').get(`/api/user/${t.otherAdmin}`);
      expect(sameLevel.status).toBe(403);
      expect(sameLevel.body).toEqual({ success: false, message: '无权获取同级或更高等级用户的信息' });
      expect((await t.as(t.admin).get(`/api/user/${t.root.id}`)).status).toBe(403);
      expect((await t.as(t.root).get(`/api/user/${t.otherAdmin}`)).status).toBe(200);
      expect((await t.as(t.root).get(`/api/user/${t.root.id}`)).body.data).toMatchObject({ role: Role.Root });
    });

    it('answers unknown and malformed ids', async () => {
      const missing = await t.as(t.root).get('/api/user/999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, message: 'User not found' });
      const malformed = await t.as(t.root).get('/api/user/abc');
      expect(malformed.body.success).toBe(false);
      expect(malformed.body.message).toMatch(/id must be an integer/);
    });
  });
});
