import { type SmtpFake } from '@tollgate/test-fakes';
import { type SignedIn, type TestApp } from '../test-app';

/** Sets system options as an administrator through the console API; throws on a refused write. */
export async function setOptions(t: TestApp, admin: SignedIn, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const response = await t.http().put('/api/option/').set(admin.headers).send({ key, value });
    const body = response.body as { success: boolean; message: string };
    if (!body.success) throw new Error(`option ${key} refused: ${body.message}`);
  }
}

export const SMTP_ACCOUNT = { user: 'robot@mail.test', pass: 'smtp-app-password' };

/** The SMTP* options that point the server at the in-process SMTP fake. */
export const smtpOptions = (smtp: SmtpFake): Record<string, string> => ({
  SMTPServer: smtp.host,
  SMTPPort: String(smtp.port),
  SMTPAccount: SMTP_ACCOUNT.user,
  SMTPToken: SMTP_ACCOUNT.pass,
  SMTPFrom: 'noreply@gateway.test',
});

/** The first six-digit number in a mail's text. */
export function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in mail: ${text}`);
  return code;
}
