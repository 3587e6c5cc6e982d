import { isSmtpConfigured, senderAddress, type SmtpSettings, smtpTransportOptions } from './smtp-settings';

const base: SmtpSettings = {
  server: 'smtp.example.com',
  port: 587,
  account: 'robot@example.com',
  token: 'app-password',
  from: '',
  ssl: false,
  senderName: 'Tollgate',
};

describe('smtp settings', () => {
  it('uses STARTTLS-capable plain connect on 587 and implicit TLS when SSL is on or on 465', () => {
    expect(smtpTransportOptions(base)).toMatchObject({
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      auth: { user: 'robot@example.com', pass: 'app-password' },
    });
    expect(smtpTransportOptions({ ...base, ssl: true }).secure).toBe(true);
    expect(smtpTransportOptions({ ...base, port: 465 }).secure).toBe(true);
  });

  it('sends without authentication when no account is set', () => {
    expect(smtpTransportOptions({ ...base, account: '' }).auth).toBeUndefined();
  });

  it('needs a server and a sender address', () => {
    expect(isSmtpConfigured(base)).toBe(true);
    expect(isSmtpConfigured({ ...base, server: ' ' })).toBe(false);
    expect(isSmtpConfigured({ ...base, account: '', from: '' })).toBe(false);
    expect(senderAddress({ ...base, from: 'noreply@example.com' })).toBe('noreply@example.com');
    expect(senderAddress(base)).toBe('robot@example.com');
  });
});
