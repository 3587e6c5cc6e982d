import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readMail, type ReadMail } from './mime-reader';

export interface ReceivedMail extends ReadMail {
  /** The envelope: who the client authenticated as ('' without AUTH), and the recipients. */
  user: string;
  from: string;
  to: string[];
}

export interface SmtpFake {
  host: string;
  port: number;
  mails: ReceivedMail[];
  /** The first mail to `to` not taken by an earlier call, waiting for it to arrive (15 s by default). */
  nextMailTo(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server in this process (the smtp-server package). Plain SMTP, as on port 587 before STARTTLS,
 * with AUTH required when an account is given; the mails it accepts are parsed so tests can read codes and
 * links.
 */
export async function startSmtpFake(account?: { user: string; pass: string }): Promise<SmtpFake> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    logger: false,
    // STARTTLS would need a certificate the client trusts; the transport options are unit-tested instead.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !account,
    // close() waits this long for clients still connected (smtp-server's default is 30 s, a whole hook's time).
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      if (account && auth.username === account.user && auth.password === account.pass)
        return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        mails.push({
          ...readMail(Buffer.concat(chunks).toString('utf8')),
          user: String(session.user ?? ''),
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    mails,
    // Generous: a busy machine may take seconds to send, and a mail that comes returns at once.
    async nextMailTo(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        // Mail domains are case-insensitive and clients may lower-case them.
        const mail = mails.find(
          (m) => !taken.has(m) && m.to.some((r) => r.toLowerCase() === to.toLowerCase()),
        );
        if (mail) {
          taken.add(mail);
          return mail;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
