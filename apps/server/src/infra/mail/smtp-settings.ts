import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** The SMTP* system options, read fresh for every mail so a change in the console applies at once. */
export interface SmtpSettings {
  server: string;
  port: number;
  account: string;
  /** Password or app token of the account. */
  token: string;
  from: string;
  ssl: boolean;
  /** Shown as the sender's name. */
  senderName: string;
}

const SMTPS_PORT = 465;

/** Mail can be sent once a server and a sender address (From, else the account) are known. */
export const isSmtpConfigured = (settings: SmtpSettings): boolean =>
  settings.server.trim() !== '' && senderAddress(settings) !== '';

export const senderAddress = (settings: SmtpSettings): string =>
  settings.from.trim() || settings.account.trim();

/** nodemailer's transport options: implicit TLS when SSL is on (or on port 465), STARTTLS when offered otherwise. */
export function smtpTransportOptions(settings: SmtpSettings): SMTPTransport.Options {
  return {
    host: settings.server.trim(),
    port: settings.port,
    // Port 465 speaks TLS from the first byte whatever the switch says; clients that try plain text there hang.
    secure: settings.ssl || settings.port === SMTPS_PORT,
    auth: settings.account ? { user: settings.account, pass: settings.token } : undefined,
    // A dead mail server must not hold a console request for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}
