import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { UserEntity } from '../src/modules/users/user.entity';
import { codeIn } from './support/fakes/identity-setup';
import { type MailingApp, startMailingApp } from './support/mailing-app';
import { TEST_REDIS_URL } from './support/test-databases';
import { BACKENDS } from './support/test-app';

describe.each(BACKENDS)('password reset (%s)', (backend) => {
  let t: MailingApp;

  beforeAll(async () => {
    t = await startMailingApp(backend, { ServerAddress: 'https://gateway.example.com/' });
  });
  afterAll(() => t.close());

  const users = () => t.app.get(DataSource).getRepository(UserEntity);
  const userWithEmail = async (username: string, password: string, email: string) => {
    const id = await t.createUser(username, password);
    await users().update({ id }, { email });
    return id;
  };
  const requestReset = (email: string, lang = 'en') =>
    t.http().get('/api/reset_password').query({ email }).set('Accept-Language', lang);
  const confirm = (body: Record<string, string>) =>
    t.http().post('/api/user/reset').set('Accept-Language', 'en').send(body);
  const canSignIn = async (username: string, password: string) =>
    ((await t.http().post('/api/user/login').send({ username, password })).body as { success: boolean })
      .success;
  const linkIn = (text: string): URL => {
    const link = /https:\/\/\S+/.exec(text)?.[0];
    if (!link) throw new Error(`no link in ${text}`);
    return new URL(link);
  };

  it('mails a single-use link whose token answers a new password and ends the old sessions', async () => {
    await userWithEmail('forgetful', 'old-pass-123', 'forgetful@example.com');
    const oldSession = await t.signIn('forgetful', 'old-pass-123');
    expect((await requestReset('forgetful@example.com')).body).toEqual({ success: true, message: '' });
    const mail = await t.smtp.nextMailTo('forgetful@example.com');
    expect(mail.subject).toBe('Tollgate password reset');
    const link = linkIn(mail.text);
    expect(link.origin + link.pathname).toBe('https://gateway.example.com/reset');
    expect(link.searchParams.get('email')).toBe('forgetful@example.com');
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${link.toString().replace(/&/g, '&#38;')}"`);

    const answer = await confirm({ email: 'forgetful@example.com', token });
    expect(answer.body.success).toBe(true);
    const password = answer.body.data as string;
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(await canSignIn('forgetful', password)).toBe(true);
    expect(await canSignIn('forgetful', 'old-pass-123')).toBe(false);
    expect((await t.http().get('/api/user/self').set(oldSession.headers)).status).toBe(401);

    expect((await confirm({ email: 'forgetful@example.com', token })).body).toEqual({
      success: false,
      message: 'The reset link is invalid or has expired',
    });
    expect(await canSignIn('forgetful', password)).toBe(true);
  });

  it('finds the account whatever the capitalisation of its address', async () => {
    await t.setOptions({ EmailVerificationEnabled: 'true' });
    try {
      await t.http().get('/api/verification').query({ email: 'Alice@Example.com' }).expect(200);
      const code = codeIn((await t.smtp.nextMailTo('Alice@Example.com')).text);
      const registered = await t.http().post('/api/user/register').send({
        username: 'alice',
        password: 'alice-pass-1',
        email: 'Alice@Example.com',
        verification_code: code,
      });
      expect(registered.body).toEqual({ success: true, message: '' });
    } finally {
      await t.setOptions({ EmailVerificationEnabled: 'false' });
    }
    expect((await requestReset('alice@example.com')).body).toEqual({ success: true, message: '' });
    const mail = await t.smtp.nextMailTo('alice@example.com');
    // Stored as given: the link carries the address the account was registered with.
    const link = linkIn(mail.text);
    expect(link.searchParams.get('email')).toBe('Alice@Example.com');
    const token = link.searchParams.get('token') ?? '';
    const answer = await confirm({ email: 'ALICE@example.com', token });
    expect(answer.body.success).toBe(true);
    expect(await canSignIn('alice', answer.body.data as string)).toBe(true);
    expect(await canSignIn('alice', 'alice-pass-1')).toBe(false);
  });

  it('answers unknown and disabled addresses the same way, without mailing', async () => {
    const id = await userWithEmail('banned', 'banned-pass-1', 'banned@example.com');
    await users().update({ id }, { status: 2 });
    const before = t.smtp.mails.length;
    expect((await requestReset('nobody@example.com')).body).toEqual({ success: true, message: '' });
    expect((await requestReset('banned@example.com')).body).toEqual({ success: true, message: '' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.mails.length).toBe(before);
  });

  it('waits 30 seconds per address between requests, known or not', async () => {
    await userWithEmail('hasty', 'hasty-pass-1', 'hasty@example.com');
    await requestReset('hasty@example.com').expect(200);
    await t.smtp.nextMailTo('hasty@example.com');
    expect((await requestReset('hasty@example.com', 'zh')).body.message).toMatch(
      /^邮件刚刚发送过，请 \d+ 秒后再试$/,
    );
    await requestReset('ghost@example.com').expect(200);
    expect((await requestReset('ghost@example.com')).body.message).toMatch(/try again in \d+ seconds/);
    expect(t.smtp.mails.filter((m) => m.to.includes('hasty@example.com'))).toHaveLength(1);
  });

  it('refuses bad input and wrong tokens, leaving the password alone', async () => {
    await userWithEmail('careful', 'careful-pass', 'careful@example.com');
    expect((await requestReset('')).body).toEqual({ success: false, message: 'Invalid email address' });
    expect((await requestReset('not-an-address')).body.message).toBe('Invalid email address');
    expect((await confirm({ email: 'careful@example.com' })).body.message).toBe(
      'The reset link is incomplete: email and token are required',
    );
    expect((await confirm({ email: 'careful@example.com', token: 'made-up-token' })).body.message).toBe(
      'The reset link is invalid or has expired',
    );
    await requestReset('careful@example.com').expect(200);
    const token =
      linkIn((await t.smtp.nextMailTo('careful@example.com')).text).searchParams.get('token') ?? '';
    // The token belongs to its address.
    expect((await confirm({ email: 'forgetful@example.com', token })).body.success).toBe(false);
    expect(await canSignIn('careful', 'careful-pass')).toBe(true);
    // A wrong guess does not burn the real link.
    expect((await confirm({ email: 'careful@example.com', token })).body.success).toBe(true);
  });

  if (backend === 'full') {
    it('stores only a hash of the token, in Redis, expiring within 15 minutes', async () => {
      await userWithEmail('expiring', 'expiring-pass', 'Expiring@Example.com');
      await requestReset('Expiring@Example.com').expect(200);
      const token =
        linkIn((await t.smtp.nextMailTo('Expiring@Example.com')).text).searchParams.get('token') ?? '';
      const redis = new Redis(TEST_REDIS_URL);
      try {
        const key = `${t.config.redisPrefix}auth:reset-token:expiring@example.com`;
        const stored = await redis.get(key);
        expect(stored).toMatch(/^[0-9a-f]{64}$/);
        expect(stored).not.toContain(token);
        const ttl = await redis.pttl(key);
        expect(ttl).toBeGreaterThan(14 * 60 * 1000);
        expect(ttl).toBeLessThanOrEqual(15 * 60 * 1000);
      } finally {
        redis.disconnect();
      }
    });
  }
});
