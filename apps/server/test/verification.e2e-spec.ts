import { DataSource } from 'typeorm';
import { UserEntity } from '../src/modules/users/user.entity';
import { codeIn, SMTP_ACCOUNT } from './support/fakes/identity-setup';
import { type MailingApp, startMailingApp } from './support/mailing-app';
import { BACKENDS, type SignedIn } from './support/test-app';

describe.each(BACKENDS)('email codes and email binding (%s)', (backend) => {
  let t: MailingApp;

  beforeAll(async () => {
    t = await startMailingApp(backend, { SystemName: 'Gatehouse' });
  });
  afterAll(() => t.close());

  const askCode = (email: string, lang = 'en') =>
    t.http().get('/api/verification').query({ email }).set('Accept-Language', lang);
  const bind = (who: SignedIn, query: Record<string, string>) =>
    t.http().get('/api/oauth/email/bind').query(query).set(who.headers).set('Accept-Language', 'en');
  const selfEmail = async (who: SignedIn) =>
    ((await t.http().get('/api/user/self').set(who.headers)).body as { data: { email: string } }).data.email;

  it('mails a six-digit code through the configured SMTP account, in the caller language', async () => {
    const response = await askCode('new.user@example.com');
    expect(response.body).toEqual({ success: true, message: '' });
    const mail = await t.smtp.nextMailTo('new.user@example.com');
    expect(mail.user).toBe(SMTP_ACCOUNT.user);
    expect(mail.from).toBe('noreply@gateway.test');
    expect(mail.headers.get('from')).toContain('Gatehouse');
    expect(mail.subject).toBe('Gatehouse email verification');
    const code = codeIn(mail.text);
    expect(mail.html).toContain(`<strong>${code}</strong>`);

    await askCode('zh.user@example.com', 'zh-CN').expect(200);
    const zh = await t.smtp.nextMailTo('zh.user@example.com');
    expect(zh.subject).toBe('Gatehouse 邮箱验证邮件');
    expect(zh.text).toContain('您的验证码为：');
  });

  it('waits 30 seconds before mailing the same address again, whatever its capitalisation', async () => {
    await askCode('wait@example.com').expect(200);
    await t.smtp.nextMailTo('wait@example.com');
    const again = await askCode('Wait@Example.com');
    expect(again.body.success).toBe(false);
    const seconds = Number(/in (\d+) seconds/.exec(again.body.message as string)?.[1]);
    expect(seconds).toBeGreaterThan(25);
    expect(seconds).toBeLessThanOrEqual(30);
    expect((await askCode('Wait@Example.com', 'zh')).body.message).toMatch(
      /^邮件刚刚发送过，请 \d+ 秒后再试$/,
    );
    expect((await askCode('other-wait@example.com')).body.success).toBe(true);
    await t.smtp.nextMailTo('other-wait@example.com');
    expect(t.smtp.mails.filter((m) => m.to.includes('wait@example.com'))).toHaveLength(1);
  });

  it('refuses malformed, off-whitelist, aliased and used addresses without mailing', async () => {
    const before = t.smtp.mails.length;
    expect((await askCode('')).body).toEqual({ success: false, message: 'Invalid email address' });
    expect((await askCode('not-an-address')).body.message).toBe('Invalid email address');
    await t.setOptions({ EmailDomainWhitelist: 'example.com', EmailDomainRestrictionEnabled: 'true' });
    expect((await askCode('someone@elsewhere.org')).body.message).toMatch(/not on the list/);
    expect((await askCode('someone@elsewhere.org', 'zh')).body.message).toBe(
      '管理员启用了邮箱域名白名单，您的邮箱地址的域名不在白名单中',
    );
    await t.setOptions({
      EmailDomainRestrictionEnabled: 'false',
      EmailAliasRestrictionEnabled: 'true',
    });
    expect((await askCode('someone+shop@example.com')).body.message).toMatch(/email aliases/);
    await t.setOptions({ EmailAliasRestrictionEnabled: 'false' });
    await t.app
      .get(DataSource)
      .getRepository(UserEntity)
      .update({ id: t.root.id }, { email: 'root@example.com' });
    expect((await askCode('root@example.com')).body.message).toBe('This email address is already in use');
    expect(t.smtp.mails.length).toBe(before);
  });

  it('reports a missing or refusing mail server and leaves no cooldown behind', async () => {
    await t.setOptions({ SMTPServer: '' });
    expect((await askCode('nosmtp@example.com')).body).toEqual({
      success: false,
      message: 'The administrator has not set up email (SMTP) yet',
    });
    await t.setOptions({ SMTPServer: t.smtp.host, SMTPToken: 'wrong-password' });
    expect((await askCode('nosmtp@example.com')).body).toEqual({
      success: false,
      message: 'The email could not be sent, please try again later',
    });
    await t.setOptions({ SMTPToken: SMTP_ACCOUNT.pass });
    expect((await askCode('nosmtp@example.com')).body.success).toBe(true);
    await t.smtp.nextMailTo('nosmtp@example.com');
  });

  it('binds an address to the signed-in user with its code, once', async () => {
    await t.createUser('binder', 'binder-pass-1');
    const binder = await t.signIn('binder', 'binder-pass-1');
    await askCode('binder@example.com').expect(200);
    const code = codeIn((await t.smtp.nextMailTo('binder@example.com')).text);

    expect(
      (await t.http().get('/api/oauth/email/bind').query({ email: 'binder@example.com', code })).status,
    ).toBe(401);
    expect((await bind(binder, { email: 'binder@example.com' })).body).toEqual({
      success: false,
      message: 'Please enter the email address and the verification code',
    });
    expect(
      (await bind(binder, { email: 'binder@example.com', code: '000000' === code ? '111111' : '000000' }))
        .body,
    ).toEqual({ success: false, message: 'The verification code is wrong or has expired' });
    expect((await bind(binder, { email: 'other@example.com', code })).body.success).toBe(false);
    expect(await selfEmail(binder)).toBe('');

    expect((await bind(binder, { email: 'binder@example.com', code })).body).toEqual({
      success: true,
      message: '',
      data: { bound: 'email' },
    });
    expect(await selfEmail(binder)).toBe('binder@example.com');
    expect((await bind(binder, { email: 'binder@example.com', code })).body.success).toBe(false);
  });

  it('takes addresses differing only in case for one, cancelled accounts included', async () => {
    const users = t.app.get(DataSource).getRepository(UserEntity);
    const ownerId = await t.createUser('owner', 'owner-pass-1');
    await t.createUser('latecomer', 'late-pass-123');
    const latecomer = await t.signIn('latecomer', 'late-pass-123');
    // The code was mailed while the address was free; another account took it in the meantime.
    await askCode('Shared@Example.com').expect(200);
    const code = codeIn((await t.smtp.nextMailTo('Shared@Example.com')).text);
    await users.update({ id: ownerId }, { email: 'shared@example.com' });
    expect((await bind(latecomer, { email: 'Shared@Example.com', code })).body).toEqual({
      success: false,
      message: 'This email address is already in use',
    });
    expect(await selfEmail(latecomer)).toBe('');
    const before = t.smtp.mails.length;
    expect((await askCode('SHARED@example.COM')).body.message).toBe('This email address is already in use');
    await users.update({ id: ownerId }, { deletedAt: 1 });
    expect((await askCode('Shared@example.com')).body.message).toBe('This email address is already in use');
    expect(t.smtp.mails.length).toBe(before);
  });

  it('drops a code after five wrong guesses', async () => {
    await t.createUser('guesser', 'guesser-pass-1');
    const guesser = await t.signIn('guesser', 'guesser-pass-1');
    await askCode('guess@example.com').expect(200);
    const code = codeIn((await t.smtp.nextMailTo('guess@example.com')).text);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1)
      expect((await bind(guesser, { email: 'guess@example.com', code: wrong })).body.success).toBe(false);
    expect((await bind(guesser, { email: 'guess@example.com', code })).body.message).toBe(
      'The verification code is wrong or has expired',
    );
    expect(await selfEmail(guesser)).toBe('');
  });
});
