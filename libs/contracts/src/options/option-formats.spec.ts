import { defaultOptionValues } from './option-catalogue';
import { type OptionIssue } from './option-issues';
import { validateOption } from './option-validation';

const check = (key: string, value: string): OptionIssue | null =>
  validateOption(key, value, defaultOptionValues());

describe('validateOption: addresses', () => {
  // prettier-ignore
  const urlKeys = [
    'ServerAddress', 'PayAddress', 'WorkerUrl', 'CustomCallbackAddress', 'TopUpLink', 'Logo',
    'general_setting.docs_link', 'WeChatServerAddress', 'WeChatAccountQRCodeImageURL',
    'oidc.authorization_endpoint', 'oidc.token_endpoint', 'oidc.user_info_endpoint',
  ];
  // PayAddress needs ServerAddress first (see option-rules.spec.ts); give it one here.
  const current = { ...defaultOptionValues(), ServerAddress: 'https://gw.example.com' };

  it.each(urlKeys)('%s accepts an empty value or an http(s) address', (key) => {
    for (const value of [
      '',
      'https://example.com',
      'http://localhost:3000/api?x=1',
      'https://cdn.example.com/logo.png',
    ]) {
      expect({ value, issue: validateOption(key, value, current) }).toEqual({ value, issue: null });
    }
  });

  it.each(urlKeys)('%s refuses anything else', (key) => {
    for (const value of [
      'example.com',
      'ftp://example.com',
      'https://',
      'https:///path',
      'https://a b.com',
      'javascript:alert(1)',
      ' https://example.com',
    ]) {
      expect({ value, issue: validateOption(key, value, current) }).toEqual({
        value,
        issue: { code: 'invalid_url', params: { key } },
      });
    }
  });

  it('oidc.well_known must begin with http:// or https:// when set', () => {
    expect(check('oidc.well_known', '')).toBeNull();
    expect(check('oidc.well_known', 'https://id.example.com/.well-known/openid-configuration')).toBeNull();
    expect(check('oidc.well_known', 'http://127.0.0.1:8080/.well-known/openid-configuration')).toBeNull();
    expect(check('oidc.well_known', 'id.example.com/.well-known/openid-configuration')).toEqual({
      code: 'invalid_well_known_url',
      params: { key: 'oidc.well_known' },
    });
  });
});

describe('validateOption: email domain whitelist', () => {
  const key = 'EmailDomainWhitelist';

  it.each(['', 'gmail.com', 'a.com,b.co.uk,mail.xn--p1ai', 'a.com, b.com ,', 'sub-domain.example.org'])(
    'accepts %j',
    (value) => expect(check(key, value)).toBeNull(),
  );

  it.each([
    ['a.com,bad_domain', 'bad_domain'],
    ['a.com,http://b.com', 'http://b.com'],
    ['localhost', 'localhost'],
    ['-a.com', '-a.com'],
    ['a..com', 'a..com'],
    ['user@a.com', 'user@a.com'],
    ['a.com:25', 'a.com:25'],
  ])('refuses %j naming %j', (value, domain) => {
    expect(check(key, value)).toEqual({ code: 'invalid_domain', params: { domain } });
  });

  it('refuses a domain listed twice, whatever its case', () => {
    expect(check(key, 'a.com,b.com,a.com')).toEqual({
      code: 'duplicate_domain',
      params: { domain: 'a.com' },
    });
    expect(check(key, 'qq.com, QQ.com')).toEqual({ code: 'duplicate_domain', params: { domain: 'QQ.com' } });
  });
});

describe('validateOption: strings and text', () => {
  it.each(['hour', 'day', 'week'])('DataExportDefaultTime accepts %j', (value) => {
    expect(check('DataExportDefaultTime', value)).toBeNull();
  });

  it.each(['month', '', 'Hour'])('DataExportDefaultTime refuses %j', (value) => {
    expect(check('DataExportDefaultTime', value)).toEqual({
      code: 'not_one_of',
      params: { key: 'DataExportDefaultTime', allowed: 'hour, day, week' },
    });
  });

  it('takes any text for free-form options', () => {
    for (const key of [
      'Notice',
      'Footer',
      'About',
      'HomePageContent',
      'custom_head_html',
      'global_css',
      'global_js',
      'SensitiveWords',
      'AutomaticDisableKeywords',
    ]) {
      expect(check(key, '')).toBeNull();
      expect(check(key, '<b>{x}</b>\nline two')).toBeNull();
    }
  });

  it('takes any plain string for names, ids and secrets', () => {
    for (const key of [
      'SystemName',
      'EpayId',
      'SMTPServer',
      'SMTPAccount',
      'SMTPFrom',
      'GitHubClientId',
      'TelegramBotName',
      'global.rate_limit_exempt_group',
      'SMTPToken',
      'EpayKey',
    ]) {
      expect(check(key, 'value-1')).toBeNull();
    }
  });
});
