import { codeIn } from './support/fakes/identity-setup';
import { type MailingApp, startMailingApp } from './support/mailing-app';
import { BACKENDS, type SignedIn } from './support/test-app';

interface SelfData {
  id: number;
  email: string;
  quota: number;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
}

describe.each(BACKENDS)('registration (%s)', (backend) => {
  let t: MailingApp;

  beforeAll(async () => {
    t = await startMailingApp(backend);
  });
  afterAll(() => t.close());

  const register = (body: Record<string, string>, lang = 'en') =>
    t.http().post('/api/user/register').set('Accept-Language', lang).send(body);
  const login = (username: string, password: string) =>
    t.http().post('/api/user/login').set('Accept-Language', 'en').send({ username, password });
  const self = async (who: SignedIn) =>
    ((await t.http().get('/api/user/self').set(who.headers)).body as { data: SelfData }).data;
  /** Proof that no account exists under that name: signing in with the attempted password fails. */
  const expectNoAccount = async (username: string, password: string) =>
    expect((await login(username, password)).body).toEqual({
      success: false,
      message: 'Username or password is wrong, or the user has been banned',
    });

  it('registers with username and password; the new user can sign in with the new-user quota', async () => {
    await t.setOptions({ QuotaForNewUser: '1234' });
    const response = await register({
      username: 'newbie',
      password: 'newbie-pass-1',
      email: 'nb@example.com',
    });
    expect(response.body).toEqual({ success: true, message: '' });
    const newbie = await t.signIn('newbie', 'newbie-pass-1');
    // Without email verification the address is unproven and not kept.
    expect(await self(newbie)).toMatchObject({ quota: 1234, email: '', inviter_id: 0 });
    await t.setOptions({ QuotaForNewUser: '0' });
  });

  it('refuses missing, short, long and taken credentials, storing nothing', async () => {
    expect((await register({ username: '', password: '' }, 'zh')).body).toEqual({
      success: false,
      message: '请输入用户名和密码！',
    });
    expect((await register({ username: 'shorty', password: 'seven77' }, 'zh')).body.message).toBe(
      '密码长度不得小于 8 位！',
    );
    expect((await register({ username: 'longpass', password: 'x'.repeat(21) })).body.message).toBe(
      'The password must not be longer than 20 characters',
    );
    expect((await register({ username: 'thirteen-char', password: 'good-pass-1' })).body.message).toBe(
      'The username must be 1 to 12 characters',
    );
    expect((await register({ username: 'root', password: 'another-pass' })).body.message).toBe(
      'The username is already taken',
    );
    await expectNoAccount('shorty', 'seven77');
    await expectNoAccount('longpass', 'x'.repeat(21));
    await expectNoAccount('thirteen-char', 'good-pass-1');
    await expectNoAccount('root', 'another-pass');
  });

  it('obeys RegisterEnabled and PasswordRegisterEnabled', async () => {
    await t.setOptions({ RegisterEnabled: 'false' });
    expect((await register({ username: 'closed1', password: 'closed-pass-1' }, 'zh')).body).toEqual({
      success: false,
      message: '管理员关闭了新用户注册',
    });
    await t.setOptions({ RegisterEnabled: 'true', PasswordRegisterEnabled: 'false' });
    expect((await register({ username: 'closed2', password: 'closed-pass-2' }, 'zh')).body.message).toBe(
      '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册',
    );
    await t.setOptions({ PasswordRegisterEnabled: 'true' });
    await expectNoAccount('closed1', 'closed-pass-1');
    await expectNoAccount('closed2', 'closed-pass-2');
  });

  describe('with email verification on', () => {
    beforeAll(() => t.setOptions({ EmailVerificationEnabled: 'true' }));
    afterAll(() => t.setOptions({ EmailVerificationEnabled: 'false' }));

    const mailedCode = async (email: string) => {
      await t.http().get('/api/verification').query({ email }).expect(200);
      return codeIn((await t.smtp.nextMailTo(email)).text);
    };

    it('needs the address and the code mailed to it', async () => {
      expect((await register({ username: 'verif1', password: 'verif-pass-1' })).body.message).toBe(
        'Email verification is on: please enter your email address and the verification code',
      );
      const code = await mailedCode('verif1@example.com');
      const wrong = code === '123456' ? '654321' : '123456';
      const base = { username: 'verif1', password: 'verif-pass-1' };
      expect(
        (await register({ ...base, email: 'verif1@example.com', verification_code: wrong })).body.message,
      ).toBe('The verification code is wrong or has expired');
      // A code belongs to the address it was mailed to.
      expect(
        (await register({ ...base, email: 'other1@example.com', verification_code: code })).body.success,
      ).toBe(false);
      await expectNoAccount('verif1', 'verif-pass-1');

      const ok = await register({ ...base, email: 'verif1@example.com', verification_code: code });
      expect(ok.body.success).toBe(true);
      expect((await self(await t.signIn('verif1', 'verif-pass-1'))).email).toBe('verif1@example.com');
      // Used up.
      const again = await register({
        username: 'verif2',
        password: 'verif-pass-2',
        email: 'verif1@example.com',
        verification_code: code,
      });
      expect(again.body.success).toBe(false);
      await expectNoAccount('verif2', 'verif-pass-2');
    });

    it('keeps the code usable when the registration itself fails', async () => {
      const code = await mailedCode('retry@example.com');
      const taken = await register({
        username: 'root',
        password: 'retry-pass-1',
        email: 'retry@example.com',
        verification_code: code,
      });
      expect(taken.body.message).toBe('The username is already taken');
      const retried = await register({
        username: 'retrier',
        password: 'retry-pass-1',
        email: 'retry@example.com',
        verification_code: code,
      });
      expect(retried.body.success).toBe(true);
    });
  });

  it('rewards invitee and inviter for a valid invite code and ignores an unknown one', async () => {
    await t.setOptions({ QuotaForNewUser: '100', QuotaForInviter: '30', QuotaForInvitee: '20' });
    await t.createUser('inviter', 'inviter-pass');
    const inviter = await t.signIn('inviter', 'inviter-pass');
    const affCode = (await t.http().get('/api/user/aff').set(inviter.headers)).body.data as string;
    expect(affCode).toBeTruthy();

    expect(
      (await register({ username: 'invitee', password: 'invitee-pass', aff_code: affCode })).body.success,
    ).toBe(true);
    expect(await self(await t.signIn('invitee', 'invitee-pass'))).toMatchObject({
      quota: 120,
      inviter_id: inviter.id,
    });
    expect(await self(inviter)).toMatchObject({ aff_count: 1, aff_quota: 30, aff_history_quota: 30 });

    expect(
      (await register({ username: 'stranger', password: 'stranger-pass', aff_code: 'nope' })).body.success,
    ).toBe(true);
    expect(await self(await t.signIn('stranger', 'stranger-pass'))).toMatchObject({
      quota: 100,
      inviter_id: 0,
    });
    expect((await self(inviter)).aff_count).toBe(1);
  });
});
