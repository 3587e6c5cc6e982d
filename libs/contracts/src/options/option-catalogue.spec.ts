import {
  OPTION_AREAS,
  OPTION_CATALOGUE,
  OPTION_KEYS,
  defaultOptionValues,
  isOptionKey,
  isSecretOption,
} from './option-catalogue';
import { validateOption } from './option-validation';

// Every option key named by the two spec documents (§3 Option), with the login/SMTP/OAuth fields
// the spec groups under "oidc.* fields", "SMTP* fields" and "Mj* toggles".
// prettier-ignore
const SPEC_KEYS = [
  // Server and payment
  'ServerAddress', 'WorkerUrl', 'WorkerValidKey', 'PayAddress', 'EpayId', 'EpayKey', 'Price', 'MinTopUp',
  'CustomCallbackAddress', 'TopupGroupRatio', 'TopUpLink',
  // Login
  'PasswordLoginEnabled', 'PasswordRegisterEnabled', 'EmailVerificationEnabled', 'RegisterEnabled',
  'TurnstileCheckEnabled', 'GitHubOAuthEnabled', 'LinuxDOOAuthEnabled', 'WeChatAuthEnabled', 'TelegramOAuthEnabled',
  'oidc.enabled', 'oidc.client_id', 'oidc.client_secret', 'oidc.well_known', 'oidc.authorization_endpoint',
  'oidc.token_endpoint', 'oidc.user_info_endpoint', 'GitHubClientId', 'GitHubClientSecret', 'LinuxDOClientId',
  'LinuxDOClientSecret', 'WeChatServerAddress', 'WeChatServerToken', 'WeChatAccountQRCodeImageURL',
  'TelegramBotName', 'TelegramBotToken', 'TurnstileSiteKey', 'TurnstileSecretKey',
  // Email
  'EmailDomainRestrictionEnabled', 'EmailAliasRestrictionEnabled', 'EmailDomainWhitelist', 'SMTPServer', 'SMTPPort',
  'SMTPAccount', 'SMTPFrom', 'SMTPToken', 'SMTPSSLEnabled',
  // Appearance
  'Notice', 'SystemName', 'Logo', 'Footer', 'About', 'HomePageContent', 'custom_head_html', 'global_css',
  'global_js', 'general_setting.docs_link', 'DefaultCollapseSidebar', 'DisplayInCurrencyEnabled',
  'DisplayTokenStatEnabled',
  // Modes
  'DemoSiteEnabled', 'SelfUseModeEnabled', 'DrawingEnabled', 'TaskEnabled', 'MjNotifyEnabled',
  'MjAccountFilterEnabled', 'MjModeClearEnabled', 'MjForwardUrlEnabled', 'MjActionCheckSuccessEnabled',
  // Quota
  'QuotaPerUnit', 'RetryTimes', 'QuotaForNewUser', 'PreConsumedQuota', 'QuotaForInviter', 'QuotaForInvitee',
  'QuotaRemindThreshold', 'AffEnabled', 'CheckInEnabled', 'CheckInQuota', 'CheckInMaxQuota', 'RebateEnabled',
  'RebatePercentage',
  // Pricing
  'ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio', 'GroupRatio', 'UserUsableGroups', 'Chats',
  'fallback_pricing_enabled', 'fallback_single_price', 'fallback_input_ratio', 'fallback_completion_ratio',
  // Logging, monitoring
  'CheckSensitiveEnabled', 'CheckSensitiveOnPromptEnabled', 'SensitiveWords', 'LogConsumeEnabled',
  'LogChatContentEnabled', 'LogErrorEnabled', 'DataExportEnabled', 'DataExportInterval', 'DataExportDefaultTime',
  'ChannelDisableThreshold', 'AutomaticDisableChannelEnabled', 'AutomaticEnableChannelEnabled',
  'AutomaticDisableKeywords',
  // Rate limit
  'ModelRequestRateLimitEnabled', 'ModelRequestRateLimitCount', 'ModelRequestRateLimitSuccessCount',
  'ModelRequestRateLimitDurationMinutes',
  // Log retention (issue 14; the spec names no key for it)
  'LogRetentionDays',
  // Gemini, Claude, global
  'gemini.safety_settings', 'gemini.version_settings', 'gemini.supported_imagine_models',
  'gemini.thinking_adapter_enabled', 'gemini.thinking_adapter_budget_tokens_percentage',
  'gemini.models_supported_thinking_budget', 'claude.model_headers_settings', 'claude.thinking_adapter_enabled',
  'claude.default_max_tokens', 'claude.thinking_adapter_budget_tokens_percentage',
  'global.pass_through_request_enabled', 'global.hide_upstream_error_enabled',
  'global.block_browser_extension_enabled', 'global.rate_limit_exempt_enabled', 'global.rate_limit_exempt_group',
  'global.safe_check_exempt_enabled', 'global.safe_check_exempt_group', 'general_setting.ping_interval_enabled',
  'general_setting.ping_interval_seconds',
];

// prettier-ignore
const SECRET_KEYS = [
  'SMTPToken', 'EpayKey', 'GitHubClientSecret', 'LinuxDOClientSecret', 'oidc.client_secret', 'WorkerValidKey',
  'TelegramBotToken', 'TurnstileSecretKey', 'WeChatServerToken',
];

describe('option catalogue', () => {
  it('holds exactly the keys named by the spec documents', () => {
    expect(new Set(SPEC_KEYS).size).toBe(SPEC_KEYS.length);
    expect([...OPTION_KEYS].sort()).toEqual([...SPEC_KEYS].sort());
  });

  it('declares every key in one area only', () => {
    const declared = Object.values(OPTION_AREAS).flatMap((area) => Object.keys(area));
    expect(declared).toHaveLength(new Set(declared).size);
    expect(declared).toHaveLength(OPTION_KEYS.length);
  });

  it('makes exactly the Enabled-named keys and DefaultCollapseSidebar booleans', () => {
    const booleanByName = (key: string) =>
      /(Enabled|\.enabled|_enabled)$/.test(key) || key === 'DefaultCollapseSidebar';
    for (const key of OPTION_KEYS) {
      expect({ key, boolean: OPTION_CATALOGUE[key].kind === 'boolean' }).toEqual({
        key,
        boolean: booleanByName(key),
      });
    }
  });

  it('marks exactly the listed credentials secret, with empty defaults', () => {
    const secrets = OPTION_KEYS.filter((key) => OPTION_CATALOGUE[key].secret === true);
    expect([...secrets].sort()).toEqual([...SECRET_KEYS].sort());
    for (const key of SECRET_KEYS) {
      expect(isSecretOption(key)).toBe(true);
      expect(OPTION_CATALOGUE[key as keyof typeof OPTION_CATALOGUE].default).toBe('');
    }
  });

  it('treats public keys as public, and unknown credential-like keys as secret', () => {
    expect(isSecretOption('TurnstileSiteKey')).toBe(false);
    expect(isSecretOption('GitHubClientId')).toBe(false);
    expect(isSecretOption('SystemName')).toBe(false);
    expect(isSecretOption('LegacyApiKey')).toBe(true);
    expect(isSecretOption('some.client_SECRET')).toBe(true);
    expect(isSecretOption('LegacyFlag')).toBe(false);
  });

  it('recognises only catalogue keys', () => {
    expect(isOptionKey('SystemName')).toBe(true);
    expect(isOptionKey('toString')).toBe(false);
    expect(isOptionKey('__proto__')).toBe(false);
    expect(isOptionKey('systemname')).toBe(false);
  });

  it('gives every key a string default that passes its own validation', () => {
    const defaults = defaultOptionValues();
    for (const key of OPTION_KEYS) {
      expect(typeof defaults[key]).toBe('string');
      expect({ key, issue: validateOption(key, defaults[key], defaults) }).toEqual({ key, issue: null });
    }
  });

  it('returns a fresh copy of the defaults on each call', () => {
    const first = defaultOptionValues();
    first.SystemName = 'changed';
    expect(defaultOptionValues().SystemName).toBe('Tollgate');
  });

  it.each([
    ['SystemName', 'Tollgate'],
    ['general_setting.docs_link', ''],
    ['ServerAddress', ''],
    ['Price', '7.3'],
    ['MinTopUp', '1'],
    ['TopupGroupRatio', '{"default":1,"vip":1,"svip":1}'],
    ['GroupRatio', '{"default":1,"vip":1,"svip":1}'],
    ['PasswordLoginEnabled', 'true'],
    ['RegisterEnabled', 'true'],
    ['oidc.enabled', 'false'],
    [
      'EmailDomainWhitelist',
      'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
    ],
    ['SMTPPort', '587'],
    ['DefaultCollapseSidebar', 'false'],
    ['DisplayInCurrencyEnabled', 'true'],
    ['DrawingEnabled', 'true'],
    ['TaskEnabled', 'true'],
    ['MjNotifyEnabled', 'false'],
    ['MjForwardUrlEnabled', 'true'],
    ['MjActionCheckSuccessEnabled', 'true'],
    ['QuotaPerUnit', '500000'],
    ['RetryTimes', '0'],
    ['PreConsumedQuota', '500'],
    ['QuotaRemindThreshold', '1000'],
    ['CheckInEnabled', 'false'],
    ['CheckInQuota', '1000'],
    ['CheckInMaxQuota', '0'],
    ['RebatePercentage', '0'],
    ['CheckSensitiveEnabled', 'true'],
    ['SensitiveWords', 'test_sensitive'],
    ['DataExportInterval', '5'],
    ['LogRetentionDays', '0'],
    ['DataExportDefaultTime', 'hour'],
    ['ChannelDisableThreshold', '5'],
    ['ModelRequestRateLimitEnabled', 'false'],
    ['ModelRequestRateLimitCount', '0'],
    ['ModelRequestRateLimitSuccessCount', '1000'],
    ['ModelRequestRateLimitDurationMinutes', '1'],
    ['gemini.thinking_adapter_budget_tokens_percentage', '0.6'],
    ['gemini.version_settings', '{"default":"v1beta","gemini-1.0-pro":"v1"}'],
    ['claude.thinking_adapter_enabled', 'true'],
    ['claude.thinking_adapter_budget_tokens_percentage', '0.8'],
    ['claude.default_max_tokens', '{"default":8192}'],
    ['claude.model_headers_settings', '{}'],
    ['global.rate_limit_exempt_group', 'bulk-ok'],
    ['global.safe_check_exempt_group', 'nsfw-ok'],
    ['general_setting.ping_interval_seconds', '60'],
    ['fallback_pricing_enabled', 'false'],
    ['fallback_single_price', ''],
  ])('defaults %s to %j', (key, value) => {
    expect(defaultOptionValues()[key as keyof typeof OPTION_CATALOGUE]).toBe(value);
  });

  it('seeds the seven auto-disable keywords one per line', () => {
    const lines = defaultOptionValues().AutomaticDisableKeywords.split('\n');
    expect(lines).toHaveLength(7);
    expect(lines).toContain('You exceeded your current quota');
  });

  it('seeds five chat links, each a name mapped to a template using {key} and {address}', () => {
    const chats = JSON.parse(defaultOptionValues().Chats) as Array<Record<string, string>>;
    expect(chats).toHaveLength(5);
    for (const link of chats) {
      const [template] = Object.values(link);
      expect(template).toContain('{key}');
      expect(template).toContain('{address}');
    }
  });
});
