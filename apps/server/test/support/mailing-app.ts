import { type SmtpFake, startSmtpFake } from '@tollgate/test-fakes';
import { setOptions, SMTP_ACCOUNT, smtpOptions } from './fakes/identity-setup';
import { type Backend, type SignedIn, startTestApp, type TestApp } from './test-app';

/** The app with root set up and its mail going to an SMTP fake; `close` stops both. */
export interface MailingApp extends TestApp {
  root: SignedIn;
  smtp: SmtpFake;
  /** Sets system options as root; throws on a refused write. */
  setOptions(values: Record<string, string>): Promise<void>;
}

/** `options` are set along with the SMTP ones. */
export async function startMailingApp(
  backend: Backend,
  options: Record<string, string> = {},
): Promise<MailingApp> {
  const smtp = await startSmtpFake(SMTP_ACCOUNT);
  const t = await startTestApp(backend);
  const root = await t.setupRoot();
  const setAsRoot = (values: Record<string, string>) => setOptions(t, root, values);
  await setAsRoot({ ...smtpOptions(smtp), ...options });
  return {
    ...t,
    root,
    smtp,
    setOptions: setAsRoot,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
