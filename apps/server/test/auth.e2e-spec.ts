import { USER_ID_HEADER, UserStatus } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { SessionEntity } from '../src/modules/auth/session.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

describe.each(BACKENDS)('password sessions (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(backend);
    root = await t.setupRoot('root', 'root-pass-123');
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, lang = 'en') =>
    t.http().post('/api/user/login').set('Accept-Language', lang).send({ username, password });
  const self = (headers: Record<string, string>) => t.http().get('/api/user/self').set(headers);
  const editSelf = (headers: Record<string, string>, body: object) =>
    t.http().put('/api/user/self').set(headers).set('Accept-Language', 'en').send(body);
  const status = async (who: SignedIn) => (await self(who.headers)).status;
  /** Server-side session rows of a user: ended means deleted, not merely refused. */
  const sessionRows = (userId: number) =>
    t.app.get(DataSource).getRepository(SessionEntity).countBy({ userId });

  it('signs in by username or email and answers the user without secrets', async () => {
    await t.createUser('alice', 'alice-pass-1');
    await t.app
      .get(DataSource)
      .getRepository(UserEntity)
      .update({ username: 'alice' }, { email: 'alice@example.com' });
    const byEmail = await login('alice@example.com', 'alice-pass-1');
    expect(byEmail.body.success).toBe(true);
    expect(byEmail.body.data).toMatchObject({ username: 'alice', role: 1, group: 'default' });
    expect(byEmail.body.data).not.toHaveProperty('password');
    expect(byEmail.body.data).not.toHaveProperty('access_token');
    const cookie = String(byEmail.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses missing credentials and a wrong password with the spec messages', async () => {
    expect((await login('', '', 'zh-CN')).body).toEqual({ success: false, message: '请输入用户名和密码！' });
    expect((await login('root', 'wrong-password')).body).toEqual({
      success: false,
      message: 'Username or password is wrong, or the user has been banned',
    });
  });

  it('needs a session and the matching user-id header', async () => {
    expect((await t.http().get('/api/user/self')).status).toBe(401);
    expect((await self({ Cookie: root.cookie })).status).toBe(401);
    expect((await self({ Cookie: root.cookie, [USER_ID_HEADER]: String(root.id + 1) })).status).toBe(401);
    const ok = await self(root.headers);
    expect(ok.status).toBe(200);
    expect(ok.body.data.id).toBe(root.id);
    const forged = { Cookie: root.cookie.replace(/=.{4}/, '=AAAA'), [USER_ID_HEADER]: String(root.id) };
    expect((await self(forged)).status).toBe(401);
  });

  it('ends the session on logout', async () => {
    const session = await t.signIn('root', 'root-pass-123');
    expect((await self(session.headers)).status).toBe(200);
    await t.http().get('/api/user/logout').set(session.headers).expect(200);
    expect((await self(session.headers)).status).toBe(401);
    expect((await self(root.headers)).status).toBe(200); // other sessions live on
  });

  it('stops the sessions of a disabled or deleted user at once', async () => {
    const bobId = await t.createUser('bob', 'bob-pass-123');
    const bob = await t.signIn('bob', 'bob-pass-123');
    const users = t.app.get(DataSource).getRepository(UserEntity);
    await users.update({ id: bobId }, { status: UserStatus.Disabled });
    expect((await self(bob.headers)).status).toBe(401);
    expect((await login('bob', 'bob-pass-123', 'zh')).body).toEqual({
      success: false,
      message: '用户已被封禁',
    });
    await users.update({ id: bobId }, { status: UserStatus.Enabled, deletedAt: 1 });
    expect((await login('bob', 'bob-pass-123')).body.success).toBe(false);
  });

  it('lets the email address sign in in any capitalisation', async () => {
    const id = await t.createUser('ursula', 'ursula-pass-1');
    await t.app.get(DataSource).getRepository(UserEntity).update({ id }, { email: 'Ursula@Example.com' });
    expect((await login('ursula@example.COM', 'ursula-pass-1')).body.data).toMatchObject({ id });
    expect((await login('URSULA', 'ursula-pass-1')).body.success).toBe(false); // usernames stay exact
  });

  describe('a password change', () => {
    it('ends the other sessions and keeps the one that made it', async () => {
      const id = await t.createUser('erin', 'erin-pass-123');
      const laptop = await t.signIn('erin', 'erin-pass-123');
      const phone = await t.signIn('erin', 'erin-pass-123');
      // A refused change and a profile edit end nothing.
      const refused = await editSelf(laptop.headers, {
        password: 'erin-new-pass',
        original_password: 'nope',
      });
      expect(refused.body.success).toBe(false);
      expect((await editSelf(laptop.headers, { display_name: 'Erin' })).body.success).toBe(true);
      expect(await status(phone)).toBe(200);

      const changed = await editSelf(laptop.headers, {
        password: 'erin-new-pass',
        original_password: 'erin-pass-123',
      });
      expect(changed.body.success).toBe(true);
      expect(await status(phone)).toBe(401);
      expect(await status(laptop)).toBe(200);
      expect(await sessionRows(id)).toBe(1);
      expect(await status(await t.signIn('erin', 'erin-new-pass'))).toBe(200);
    });

    it('made with the access token ends every session', async () => {
      const id = await t.createUser('fred', 'fred-pass-123');
      const session = await t.signIn('fred', 'fred-pass-123');
      const token = (await t.http().get('/api/user/token').set(session.headers)).body.data as string;
      const byToken = { Authorization: token, [USER_ID_HEADER]: String(id) };
      const changed = await editSelf(byToken, {
        password: 'fred-new-pass',
        original_password: 'fred-pass-123',
      });
      expect(changed.body.success).toBe(true);
      expect(await status(session)).toBe(401);
      expect(await sessionRows(id)).toBe(0);
      expect((await self(byToken)).status).toBe(200);
    });

    it('set by an administrator ends all the user sessions', async () => {
      const id = await t.createUser('gina', 'gina-pass-123');
      const first = await t.signIn('gina', 'gina-pass-123');
      const second = await t.signIn('gina', 'gina-pass-123');
      const edit = (body: object) =>
        t
          .http()
          .put('/api/user/')
          .set(root.headers)
          .send({ id, ...body });
      // The edit drawer sends an empty password to keep the current one: sessions stay.
      expect((await edit({ display_name: 'Gina', password: '' })).body.success).toBe(true);
      expect(await status(first)).toBe(200);
      expect((await edit({ password: 'gina-new-pass' })).body.success).toBe(true);
      expect(await status(first)).toBe(401);
      expect(await status(second)).toBe(401);
      expect(await sessionRows(id)).toBe(0);
      expect(await status(root)).toBe(200);
      expect(await status(await t.signIn('gina', 'gina-new-pass'))).toBe(200);
    });
  });

  it('deletes the session rows when an administrator disables or deletes a user, or it deletes itself', async () => {
    const manage = (id: number, action: string) =>
      t.http().post('/api/user/manage').set(root.headers).send({ id, action }).expect(200);
    const hank = await t.createUser('hank', 'hank-pass-123');
    await t.signIn('hank', 'hank-pass-123');
    await manage(hank, 'disable');
    expect(await sessionRows(hank)).toBe(0);
    await manage(hank, 'enable');
    await t.signIn('hank', 'hank-pass-123');
    await manage(hank, 'delete');
    expect(await sessionRows(hank)).toBe(0);

    const ivy = await t.createUser('ivy', 'ivy-pass-1234');
    const session = await t.signIn('ivy', 'ivy-pass-1234');
    await t.signIn('ivy', 'ivy-pass-1234');
    await t
      .http()
      .delete('/api/user/self')
      .set(session.headers)
      .send({ password: 'ivy-pass-1234' })
      .expect(200);
    expect(await sessionRows(ivy)).toBe(0);
  });

  it('respects PasswordLoginEnabled', async () => {
    await t.createUser('carol', 'carol-pass-1');
    await t
      .http()
      .put('/api/option/')
      .set(root.headers)
      .send({ key: 'PasswordLoginEnabled', value: 'false' })
      .expect(200);
    expect((await login('carol', 'carol-pass-1')).body).toEqual({
      success: false,
      message: 'The administrator has turned off password login',
    });
    await t.http().put('/api/option/').set(root.headers).send({ key: 'PasswordLoginEnabled', value: 'true' });
    expect((await login('carol', 'carol-pass-1')).body.success).toBe(true);
  });

  it('slows down repeated failures for one account with 429', async () => {
    await t.createUser('dave', 'dave-pass-12');
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push((await login('dave', `wrong-${i}-pass`)).status);
    expect(answers.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(answers[10]).toBe(429);
    // Even the right password waits out the window.
    const blocked = await login('dave', 'dave-pass-12');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed logins/);
  });
});
