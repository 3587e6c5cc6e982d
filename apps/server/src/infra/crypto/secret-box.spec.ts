import { AppConfig } from '../config/app-config';
import { SecretBox } from './secret-box';

const box = (secret: string) =>
  new SecretBox(
    new AppConfig(
      3000,
      undefined,
      undefined,
      '/tmp',
      's'.repeat(32),
      secret,
      'all',
      'silent',
      'p:',
      undefined,
      't',
    ),
  );

describe('SecretBox', () => {
  it('round-trips and never stores the plain text', () => {
    const sealed = box('c'.repeat(32)).seal('sk-upstream-key\nsecond-line');
    expect(sealed).not.toContain('sk-upstream');
    expect(box('c'.repeat(32)).open(sealed)).toBe('sk-upstream-key\nsecond-line');
  });

  it('uses a fresh nonce each time', () => {
    expect(box('c'.repeat(32)).seal('same')).not.toBe(box('c'.repeat(32)).seal('same'));
  });

  it('refuses tampered text and a different key', () => {
    const sealed = box('c'.repeat(32)).seal('secret');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box('c'.repeat(32)).open(parts.join(':'))).toThrow();
    expect(() => box('d'.repeat(32)).open(sealed)).toThrow();
    expect(() => box('c'.repeat(32)).open('plain')).toThrow();
  });
});
