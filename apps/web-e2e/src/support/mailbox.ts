import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** Every text part, decoded and joined (plain text and HTML). */
  body: string;
}

export interface Mailbox {
  host: string;
  port: number;
  /** The next mail to `to` not read before, waiting until it arrives. */
  nextMailTo(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Just enough MIME for what nodemailer sends: one level of multipart, base64 or quoted-printable parts. */
function readBody(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return '';
      const headers = part.slice(0, split).toLowerCase();
      const body = part.slice(split).trim();
      if (!headers.includes('content-type: text/')) return '';
      if (headers.includes('content-transfer-encoding: base64'))
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (headers.includes('content-transfer-encoding: quoted-printable')) return decodeQuotedPrintable(body);
      return body;
    })
    .join('\n');
}

/** A real SMTP server in the journey process (no TLS, no login) that keeps what it is sent. */
export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const read = new Set<ReceivedMail>();
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: /^subject: (.*)$/im.exec(raw)?.[1] ?? '',
          body: readBody(raw),
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
    async nextMailTo(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = mails.find((candidate) => !read.has(candidate) && candidate.to.includes(to));
        if (mail) {
          read.add(mail);
          return mail;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
