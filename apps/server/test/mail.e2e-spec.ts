import { type SmtpFake, startSmtpFake } from '@tollgate/test-fakes';
import { setOptions, SMTP_ACCOUNT, smtpOptions } from './support/fakes/identity-setup';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

describe.each(BACKENDS)('mail over the SMTP options (%s)', (backend) => {
  let t: TestApp;
  let root: SignedIn;
  let first: SmtpFake;
  let second: SmtpFake;
  let sent = 0;

  beforeAll(async () => {
    first = await startSmtpFake(SMTP_ACCOUNT);
    second = await startSmtpFake(SMTP_ACCOUNT);
    t = await startTestApp(backend);
    root = await t.setupRoot();
  });
  afterAll(async () => {
    await t.close();
    await first.close();
    await second.close();
  });

  /** Triggers one mail (a verification code) to a fresh address; answers the API body and the address. */
  const mailOnce = async () => {
    sent += 1;
    const to = `reader${sent}@example.com`;
    const response = await t
      .http()
      .get('/api/verification')
      .query({ email: to })
      .set('Accept-Language', 'en');
    return { body: response.body as { success: boolean; message: string }, to };
  };

  it('builds the transport at send time, so a changed server takes the next mail', async () => {
    await setOptions(t, root, smtpOptions(first));
    const one = await mailOnce();
    expect(one.body.success).toBe(true);
    expect((await first.nextMailTo(one.to)).user).toBe(SMTP_ACCOUNT.user);

    await setOptions(t, root, { SMTPPort: String(second.port) });
    const two = await mailOnce();
    expect(two.body.success).toBe(true);
    await second.nextMailTo(two.to);
    expect(first.mails.some((m) => m.to.includes(two.to))).toBe(false);
  });

  it('names the system as sender and falls back to the account address without SMTPFrom', async () => {
    await setOptions(t, root, { ...smtpOptions(first), SMTPFrom: '', SystemName: 'Relay Works' });
    const { to } = await mailOnce();
    const mail = await first.nextMailTo(to);
    expect(mail.from).toBe(SMTP_ACCOUNT.user);
    expect(mail.headers.get('from')).toBe(`Relay Works <${SMTP_ACCOUNT.user}>`);
    expect(mail.subject).toBe('Relay Works email verification');
  });

  it('speaks TLS from the first byte when SMTPSSLEnabled is on (a plain server then fails)', async () => {
    await setOptions(t, root, { ...smtpOptions(first), SMTPSSLEnabled: 'true' });
    const before = first.mails.length;
    expect((await mailOnce()).body).toEqual({
      success: false,
      message: 'The email could not be sent, please try again later',
    });
    expect(first.mails.length).toBe(before);
    await setOptions(t, root, { SMTPSSLEnabled: 'false' });
    const { body, to } = await mailOnce();
    expect(body.success).toBe(true);
    await first.nextMailTo(to);
  });
});
