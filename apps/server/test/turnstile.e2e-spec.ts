import { DEFAULT_CRITICAL_RATE_LIMIT } from '../src/infra/config/identity-config';
import { setOptions } from './support/fakes/identity-setup';
import { startTurnstileFake, type TurnstileFake } from './support/fakes/turnstile-fake';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

describe.each(BACKENDS)('bot check (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  let turnstile: TurnstileFake;

  beforeAll(async () => {
    turnstile = await startTurnstileFake('turnstile-secret');
    t = await startTestApp(backend, { endpoints: { turnstileVerifyUrl: turnstile.verifyUrl } });
    root = await t.setupRoot();
    await t.createUser('human', 'human-pass-1');
  });
  afterAll(async () => {
    await t.close();
    await turnstile.close();
  });

  const login = (token?: string, lang = 'en') =>
    t
      .http()
      .post('/api/user/login')
      .query(token === undefined ? {} : { turnstile: token })
      .set('Accept-Language', lang)
      .set('X-Forwarded-For', '203.0.113.7')
      .send({ username: 'human', password: 'human-pass-1' });

  it('is not consulted while the check is off', async () => {
    expect((await login()).body.success).toBe(true);
    expect(turnstile.calls).toHaveLength(0);
  });

  describe('when on', () => {
    beforeAll(() =>
      setOptions(t, root, {
        TurnstileSiteKey: 'site-key',
        TurnstileSecretKey: 'turnstile-secret',
        TurnstileCheckEnabled: 'true',
      }),
    );
    afterAll(() => setOptions(t, root, { TurnstileCheckEnabled: 'false' }));

    it('guards login: no token, a refused token, then an accepted one checked with secret and address', async () => {
      expect((await login(undefined, 'zh')).body).toEqual({
        success: false,
        message: '人机验证尚未完成，请稍后几秒重试',
      });
      expect((await login('bot-token')).body).toEqual({
        success: false,
        message: 'The bot check failed, please refresh the page and try again',
      });
      expect((await login('pass-123')).body.success).toBe(true);
      expect(turnstile.calls.slice(-2)).toEqual([
        { secret: 'turnstile-secret', response: 'bot-token', remoteip: '203.0.113.7' },
        { secret: 'turnstile-secret', response: 'pass-123', remoteip: '203.0.113.7' },
      ]);
    });

    it('guards registration, and a refused check creates nobody', async () => {
      const register = (query: Record<string, string>) =>
        t.http().post('/api/user/register').query(query).set('Accept-Language', 'en').send({
          username: 'robotic',
          password: 'robotic-pass',
        });
      expect((await register({})).body.success).toBe(false);
      expect((await register({ turnstile: 'bot' })).body.success).toBe(false);
      expect(
        (
          await t
            .http()
            .post('/api/user/login')
            .query({ turnstile: 'pass' })
            .send({ username: 'robotic', password: 'robotic-pass' })
        ).body.success,
      ).toBe(false);
      expect((await register({ turnstile: 'pass-reg' })).body).toEqual({ success: true, message: '' });
    });

    it('guards the verification and reset mails', async () => {
      for (const path of ['/api/verification', '/api/reset_password']) {
        const ask = (query: Record<string, string>) =>
          t
            .http()
            .get(path)
            .query({ email: 'someone@example.com', ...query })
            .set('Accept-Language', 'en');
        expect((await ask({})).body.message).toBe(
          'The bot check is still running, please try again in a few seconds',
        );
        expect((await ask({ turnstile: 'bot' })).body.message).toBe(
          'The bot check failed, please refresh the page and try again',
        );
        // Past the check, the request reaches the mail step (no SMTP configured here).
        expect((await ask({ turnstile: 'pass' })).body.message).toBe(
          'The administrator has not set up email (SMTP) yet',
        );
      }
    });

    it('refuses every token when the stored secret is not the one the verifier knows', async () => {
      await setOptions(t, root, { TurnstileSecretKey: 'stale-secret' });
      expect((await login('pass-999')).body.success).toBe(false);
      expect(turnstile.calls.at(-1)?.secret).toBe('stale-secret');
      await setOptions(t, root, { TurnstileSecretKey: 'turnstile-secret' });
      expect((await login('pass-999')).body.success).toBe(true);
    });
  });
});

describe.each(BACKENDS)('critical per-address limit (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend, { criticalRateLimit: DEFAULT_CRITICAL_RATE_LIMIT });
    await t.setupRoot();
    await t.createUser('limited', 'limited-pass');
  });
  afterAll(() => t.close());

  const from = (address: string) => ({ 'X-Forwarded-For': address, 'Accept-Language': 'en' });
  const login = (address: string) =>
    t
      .http()
      .post('/api/user/login')
      .set(from(address))
      .send({ username: 'limited', password: 'limited-pass' });

  it('allows 20 login, register, mail, reset and OAuth calls per address per 20 minutes, then answers 429', async () => {
    const address = '198.51.100.1';
    for (let i = 0; i < 16; i += 1) expect((await login(address)).status).toBe(200);
    await t
      .http()
      .post('/api/user/register')
      .set(from(address))
      .send({ username: 'lim2', password: 'lim2-pass-1' })
      .expect(200);
    await t.http().get('/api/verification').set(from(address)).query({ email: 'x@example.com' }).expect(200);
    await t
      .http()
      .get('/api/reset_password')
      .set(from(address))
      .query({ email: 'x@example.com' })
      .expect(200);
    await t.http().get('/api/oauth/state').set(from(address)).expect(200);

    const refused = await login(address);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: 'Too many requests, please try again later' });
    expect((await t.http().get('/api/oauth/state').set(from(address))).status).toBe(429);
    // Other addresses and other routes are unaffected.
    expect((await login('198.51.100.2')).status).toBe(200);
    expect((await t.http().get('/api/status').set(from(address))).status).toBe(200);
  });
});
