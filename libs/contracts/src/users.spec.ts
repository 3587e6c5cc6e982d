import { DEFAULT_USER_SETTING, parseUserSetting } from './users';

describe('parseUserSetting', () => {
  it('gives the defaults for empty or malformed text', () => {
    expect(parseUserSetting('')).toEqual(DEFAULT_USER_SETTING);
    expect(parseUserSetting('{oops')).toEqual(DEFAULT_USER_SETTING);
    expect(parseUserSetting('null')).toEqual(DEFAULT_USER_SETTING);
    expect(DEFAULT_USER_SETTING.quota_warning_threshold).toBe(500000);
  });

  it('keeps well-typed fields and replaces mistyped ones', () => {
    const parsed = parseUserSetting(
      JSON.stringify({
        notify_type: 'webhook',
        quota_warning_threshold: '7',
        webhook_url: 'https://x.example',
        extra: 1,
      }),
    );
    expect(parsed).toEqual({
      ...DEFAULT_USER_SETTING,
      notify_type: 'webhook',
      webhook_url: 'https://x.example',
    });
  });
});
