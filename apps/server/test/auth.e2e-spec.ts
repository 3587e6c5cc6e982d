import { USER_ID_HEADER, UserStatus } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
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
