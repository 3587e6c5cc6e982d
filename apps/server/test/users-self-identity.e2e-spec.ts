import { USER_ID_HEADER } from '@tollgate/contracts';
import { UsersRepository } from '../src/modules/users/users.repository';
import { UsersService } from '../src/modules/users/users.service';
import { BACKENDS } from './support/test-app';
import { type OwnAccountApp, startOwnAccountApp } from './support/users-app';

describe.each(BACKENDS)('own account (%s)', (backend) => {
  let t: OwnAccountApp;

  beforeAll(async () => {
    t = await startOwnAccountApp(backend);
  });
  afterAll(() => t.close());

  describe('deleting the own account', () => {
    it('needs the right password, then ends every way in', async () => {
      const user = await t.freshUser();
      expect((await t.as(user).delete('/api/user/self', {})).body).toEqual({
        success: false,
        message: '密码不能为空',
      });
      expect((await t.as(user).delete('/api/user/self', { password: 'wrong-pass' })).body).toEqual({
        success: false,
        message: '密码错误',
      });
      expect((await t.self(user)).DeletedAt).toBeNull();
      const response = await t.as(user).delete('/api/user/self', { password: 'self-pass-12' });
      expect(response.body).toEqual({ success: true, message: '' });
      expect((await t.as(user).get('/api/user/self')).status).toBe(401);
      const login = await t
        .http()
        .post('/api/user/login')
        .send({ username: user.username, password: 'self-pass-12' });
      expect(login.body.success).toBe(false);
      const listed = await t.as(t.root).get(`/api/user/${user.id}`).expect(200);
      expect(typeof listed.body.data.DeletedAt).toBe('number');
    });

    it('is refused for the root', async () => {
      const response = await t.as(t.root).delete('/api/user/self', { password: 'root-pass-123' });
      expect(response.body).toEqual({ success: false, message: '不能删除超级管理员账户' });
      await t.as(t.root).get('/api/user/self').expect(200);
    });

    it('needs no password for an account that never had one', async () => {
      const created = await t.app
        .get(UsersService)
        .register({ username: 'gh_only', external: { provider: 'github', id: 'gh-1' } });
      await t.app.get(UsersRepository).setAccessToken(created.id, 'x'.repeat(32));
      const headers = { Authorization: 'x'.repeat(32), [USER_ID_HEADER]: String(created.id) };
      expect((await t.as({ headers }).get('/api/user/self')).body.data).toMatchObject({
        has_password: false,
        github_id: 'gh-1',
      });
      expect((await t.as({ headers }).delete('/api/user/self')).body.success).toBe(true);
      expect((await t.as({ headers }).get('/api/user/self')).status).toBe(401);
    });
  });

  describe('identity methods for the sign-up flows', () => {
    const users = () => t.app.get(UsersService);
    const codeOf = async (promise: Promise<unknown>) => {
      try {
        await promise;
        return null;
      } catch (error) {
        return (error as { code?: string }).code ?? 'unexpected';
      }
    };

    it('keeps usernames, emails and third-party ids unique, cancelled accounts included', async () => {
      const user = await t.freshUser();
      await users().setEmail(user.id, 'taken@example.com');
      await users().bindExternalId(user.id, 'oidc', 'sub-1');
      expect(await users().usernameTaken(user.username)).toBe(true);
      expect(await users().usernameTaken('nobody-here')).toBe(false);
      expect((await users().findActiveByEmail('taken@example.com'))?.id).toBe(user.id);
      expect((await users().findActiveByExternalId('oidc', 'sub-1'))?.id).toBe(user.id);
      expect(await codeOf(users().register({ username: user.username, password: 'abcdefgh1' }))).toBe(
        'username_taken',
      );
      expect(await codeOf(users().register({ username: 'fresh-mail', email: 'taken@example.com' }))).toBe(
        'email_taken',
      );
      expect(
        await codeOf(
          users().register({ username: 'fresh-oidc', external: { provider: 'oidc', id: 'sub-1' } }),
        ),
      ).toBe('external_id_bound');
      const other = await t.freshUser();
      expect(await codeOf(users().bindExternalId(other.id, 'oidc', 'sub-1'))).toBe('external_id_bound');
      expect(await codeOf(users().setEmail(other.id, 'taken@example.com'))).toBe('email_taken');
      await users().setEmail(user.id, 'taken@example.com'); // re-setting one's own address is fine
      await t.as(user).delete('/api/user/self', { password: 'self-pass-12' }).expect(200);
      expect(await users().findActiveByEmail('taken@example.com')).toBeNull();
      expect(await users().findActiveByExternalId('oidc', 'sub-1')).toBeNull();
      expect(await users().usernameTaken(user.username)).toBe(true);
      expect(await codeOf(users().register({ username: user.username, password: 'abcdefgh1' }))).toBe(
        'username_taken',
      );
    });

    it('checks and hashes passwords', async () => {
      const user = await t.freshUser();
      expect(await codeOf(users().setPassword(user.id, 'short'))).toBe('password_too_short');
      await users().setPassword(user.id, 'brand-new-pw');
      await t.signIn(user.username, 'brand-new-pw');
      expect(await codeOf(users().register({ username: 'pw-short', password: 'short' }))).toBe(
        'password_too_short',
      );
      expect(await codeOf(users().register({ username: 'much-too-long-name', password: 'abcdefgh1' }))).toBe(
        'invalid_username',
      );
    });
  });
});
