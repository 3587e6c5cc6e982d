import { DEFAULT_USER_SETTING } from '@tollgate/contracts';
import { AppError } from '../../common/errors/app-error';
import { checkWebhookUrl, mergeUserSetting } from './user-setting';

const errorCode = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not-an-app-error';
  }
};

describe('webhook address', () => {
  it('accepts public https addresses', () => {
    expect(checkWebhookUrl(' https://hooks.example.com/x?y=1 ')).toBe('https://hooks.example.com/x?y=1');
    expect(checkWebhookUrl('https://8.8.8.8/hook')).toBe('https://8.8.8.8/hook');
    expect(checkWebhookUrl('https://[2606:4700::1111]/hook')).toBe('https://[2606:4700::1111]/hook');
  });

  it.each(['http://hooks.example.com/', 'ftp://example.com/', 'hooks.example.com', 'https//x', ''])(
    'refuses %j as not https',
    (url) => expect(errorCode(() => checkWebhookUrl(url))).toBe('webhook_not_https'),
  );

  it.each([
    'https://localhost/',
    'https://LOCALHOST./',
    'https://api.localhost/',
    'https://printer.local/',
    'https://127.0.0.1/',
    'https://127.1.2.3:8443/',
    'https://2130706433/', // 127.0.0.1 as a number
    'https://0x7f.1/',
    'https://0/',
    'https://10.1.2.3/',
    'https://172.16.0.1/',
    'https://172.31.255.255/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/',
    'https://[::1]/',
    'https://[::]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[fd00::1]/',
    'https://[fe80::1]/',
    'https://224.0.0.1/',
  ])('refuses %s as private', (url) => {
    expect(errorCode(() => checkWebhookUrl(url))).toBe('webhook_private_address');
  });

  it('does not treat public neighbours of private ranges as private', () => {
    expect(checkWebhookUrl('https://172.32.0.1/')).toBe('https://172.32.0.1/');
    expect(checkWebhookUrl('https://11.0.0.1/')).toBe('https://11.0.0.1/');
  });
});

describe('user setting merge', () => {
  it('starts from the defaults and keeps what is not sent', () => {
    const first = mergeUserSetting('', { quota_warning_threshold: 100000 });
    expect(first).toEqual({ ...DEFAULT_USER_SETTING, quota_warning_threshold: 100000 });
    const second = mergeUserSetting(JSON.stringify(first), {
      notify_type: 'webhook',
      webhook_url: 'https://example.com/h',
      webhook_secret: 's3cret',
    });
    expect(mergeUserSetting(JSON.stringify(second), { webhook_url: undefined })).toEqual(second);
    expect(second).toMatchObject({
      notify_type: 'webhook',
      quota_warning_threshold: 100000,
      webhook_secret: 's3cret',
    });
  });

  it.each([
    [{ notify_type: 'sms' }, 'invalid_notify_type'],
    [{ quota_warning_threshold: -1 }, 'invalid_threshold'],
    [{ quota_warning_threshold: 1.5 }, 'invalid_threshold'],
    [{ notify_type: 'webhook' }, 'webhook_url_required'],
    [{ notify_type: 'webhook', webhook_url: 'http://example.com' }, 'webhook_not_https'],
    [{ webhook_url: 'https://10.0.0.1/' }, 'webhook_private_address'],
    [{ webhook_secret: 'x'.repeat(129) }, 'webhook_secret_too_long'],
    [{ notification_email: 'not-an-email' }, 'invalid_notification_email'],
  ])('refuses %j', (changes, code) => {
    expect(errorCode(() => mergeUserSetting('', changes))).toBe(code);
  });
});
