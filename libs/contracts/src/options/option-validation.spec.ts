import { defaultOptionValues } from './option-catalogue';
import { type OptionIssue } from './option-issues';
import { validateOption } from './option-validation';

const stored = (overrides: Record<string, string> = {}): Record<string, string> => ({
  ...defaultOptionValues(),
  ...overrides,
});
const check = (key: string, value: string, current = stored()): OptionIssue | null =>
  validateOption(key, value, current);

describe('validateOption: keys and booleans', () => {
  it('refuses an unknown key', () => {
    expect(check('NoSuchOption', 'x')).toEqual({ code: 'unknown_option', params: { key: 'NoSuchOption' } });
    expect(check('constructor', 'x')?.code).toBe('unknown_option');
  });

  it.each(['true', 'false'])('accepts %j for a boolean', (value) => {
    expect(check('RegisterEnabled', value)).toBeNull();
    expect(check('fallback_pricing_enabled', value)).toBeNull();
    expect(check('DefaultCollapseSidebar', value)).toBeNull();
  });

  it.each(['TRUE', '1', '', 'yes', ' true'])('refuses %j for a boolean', (value) => {
    expect(check('RegisterEnabled', value)).toEqual({
      code: 'not_boolean',
      params: { key: 'RegisterEnabled' },
    });
  });
});

describe('validateOption: numbers', () => {
  it.each(['0', '42', '-0'])('accepts integer %j', (value) => expect(check('RetryTimes', value)).toBeNull());

  it.each(['1.5', 'abc', '', ' 1', '1e3', '0x10', '99999999999999999999'])('refuses integer %j', (value) => {
    expect(check('RetryTimes', value)).toEqual({ code: 'not_integer', params: { key: 'RetryTimes' } });
  });

  it.each(['0.5', '.5', '3', '1e2', '2.'])('accepts number %j', (value) =>
    expect(check('Price', value)).toBeNull(),
  );

  it.each(['abc', '', 'Infinity', '0x10', '1e999', '1,5', 'NaN'])('refuses number %j', (value) => {
    expect(check('Price', value)).toEqual({ code: 'not_number', params: { key: 'Price' } });
  });

  // [key, accepted values, refused value, expected issue]
  // prettier-ignore
  it.each<[string, string[], string, OptionIssue]>([
    ['RetryTimes', ['0', '3'], '-1', { code: 'below_minimum', params: { key: 'RetryTimes', min: 0 } }],
    ['QuotaPerUnit', ['0.5', '500000'], '0', { code: 'not_greater_than', params: { key: 'QuotaPerUnit', min: 0 } }],
    ['Price', ['0.01'], '0', { code: 'not_greater_than', params: { key: 'Price', min: 0 } }],
    ['MinTopUp', ['1', '50'], '0', { code: 'below_minimum', params: { key: 'MinTopUp', min: 1 } }],
    ['ChannelDisableThreshold', ['0', '2.5'], '-0.1', { code: 'below_minimum', params: { key: 'ChannelDisableThreshold', min: 0 } }],
    ['DataExportInterval', ['1'], '0', { code: 'below_minimum', params: { key: 'DataExportInterval', min: 1 } }],
    ['QuotaRemindThreshold', ['0'], '-1', { code: 'below_minimum', params: { key: 'QuotaRemindThreshold', min: 0 } }],
    ['QuotaForNewUser', ['0', '100'], '-5', { code: 'below_minimum', params: { key: 'QuotaForNewUser', min: 0 } }],
    ['QuotaForInviter', ['0'], '-1', { code: 'below_minimum', params: { key: 'QuotaForInviter', min: 0 } }],
    ['QuotaForInvitee', ['0'], '-1', { code: 'below_minimum', params: { key: 'QuotaForInvitee', min: 0 } }],
    ['PreConsumedQuota', ['0'], '-1', { code: 'below_minimum', params: { key: 'PreConsumedQuota', min: 0 } }],
    ['CheckInQuota', ['1'], '0', { code: 'not_greater_than', params: { key: 'CheckInQuota', min: 0 } }],
    ['CheckInMaxQuota', ['0', '5000'], '-1', { code: 'below_minimum', params: { key: 'CheckInMaxQuota', min: 0 } }],
    ['ModelRequestRateLimitDurationMinutes', ['0', '10'], '-1', { code: 'below_minimum', params: { key: 'ModelRequestRateLimitDurationMinutes', min: 0 } }],
    ['ModelRequestRateLimitCount', ['0', '60'], '-1', { code: 'below_minimum', params: { key: 'ModelRequestRateLimitCount', min: 0 } }],
    ['ModelRequestRateLimitSuccessCount', ['1'], '0', { code: 'below_minimum', params: { key: 'ModelRequestRateLimitSuccessCount', min: 1 } }],
    ['general_setting.ping_interval_seconds', ['1'], '0', { code: 'below_minimum', params: { key: 'general_setting.ping_interval_seconds', min: 1 } }],
    ['SMTPPort', ['1', '465', '65535'], '0', { code: 'below_minimum', params: { key: 'SMTPPort', min: 1 } }],
    ['SMTPPort', [], '65536', { code: 'above_maximum', params: { key: 'SMTPPort', max: 65535 } }],
    ['gemini.thinking_adapter_budget_tokens_percentage', ['0.1', '1'], '0.09', { code: 'below_minimum', params: { key: 'gemini.thinking_adapter_budget_tokens_percentage', min: 0.1 } }],
    ['gemini.thinking_adapter_budget_tokens_percentage', [], '1.1', { code: 'above_maximum', params: { key: 'gemini.thinking_adapter_budget_tokens_percentage', max: 1 } }],
    ['claude.thinking_adapter_budget_tokens_percentage', ['0.1', '0.8', '1'], '0', { code: 'below_minimum', params: { key: 'claude.thinking_adapter_budget_tokens_percentage', min: 0.1 } }],
    ['claude.thinking_adapter_budget_tokens_percentage', [], '2', { code: 'above_maximum', params: { key: 'claude.thinking_adapter_budget_tokens_percentage', max: 1 } }],
    ['RebatePercentage', ['0', '12.5', '100'], '-1', { code: 'rebate_percentage_out_of_range' }],
    ['RebatePercentage', [], '100.1', { code: 'rebate_percentage_out_of_range' }],
    ['fallback_single_price', ['', '0', '0.002'], '-0.001', { code: 'below_minimum', params: { key: 'fallback_single_price', min: 0 } }],
    ['fallback_input_ratio', ['', '0', '1.0'], '-1', { code: 'below_minimum', params: { key: 'fallback_input_ratio', min: 0 } }],
    ['fallback_completion_ratio', ['', '2.0'], '-1', { code: 'below_minimum', params: { key: 'fallback_completion_ratio', min: 0 } }],
  ])('%s accepts %j and refuses %j', (key, accepted, refused, issue) => {
    for (const value of accepted) expect({ value, issue: check(key, value) }).toEqual({ value, issue: null });
    expect(check(key, refused)).toEqual(issue);
  });

  it('refuses an empty value for a required number', () => {
    expect(check('SMTPPort', '')?.code).toBe('not_integer');
    expect(check('RebatePercentage', '')?.code).toBe('not_number');
  });
});

describe('validateOption: JSON', () => {
  // prettier-ignore
  const jsonKeys = [
    'TopupGroupRatio', 'ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio', 'GroupRatio', 'UserUsableGroups',
    'Chats', 'gemini.safety_settings', 'gemini.version_settings', 'gemini.supported_imagine_models',
    'gemini.models_supported_thinking_budget', 'claude.model_headers_settings', 'claude.default_max_tokens',
  ];

  it.each(jsonKeys)('%s refuses text that is not JSON', (key) => {
    for (const value of ['', '{', "{'a':1}", 'undefined']) {
      expect(check(key, value)).toEqual({ code: 'invalid_json', params: { key } });
    }
  });

  const ratioKeys = [
    'TopupGroupRatio',
    'ModelPrice',
    'ModelRatio',
    'CompletionRatio',
    'CacheRatio',
    'GroupRatio',
  ];

  it.each(ratioKeys)('%s takes an object of non-negative numbers', (key) => {
    expect(check(key, '{}')).toBeNull();
    expect(check(key, '{"gpt-4o":0,"x-*":1.5}')).toBeNull();
    expect(check(key, '[1]')).toEqual({ code: 'json_not_object', params: { key } });
    expect(check(key, 'null')).toEqual({ code: 'json_not_object', params: { key } });
    expect(check(key, '3')).toEqual({ code: 'json_not_object', params: { key } });
    const bad = { code: 'json_invalid_ratio', params: { key, entry: 'b' } };
    expect(check(key, '{"a":1,"b":-1}')).toEqual(bad);
    expect(check(key, '{"a":1,"b":"1"}')).toEqual(bad);
    expect(check(key, '{"a":1,"b":1e999}')).toEqual(bad);
    expect(check(key, '{"a":1,"b":null}')).toEqual(bad);
  });

  it.each(['UserUsableGroups', 'gemini.safety_settings', 'gemini.version_settings'])(
    '%s takes an object of strings',
    (key) => {
      expect(check(key, '{"default":"Default group"}')).toBeNull();
      expect(check(key, '["default"]')).toEqual({ code: 'json_not_object', params: { key } });
      expect(check(key, '{"default":1}')).toEqual({
        code: 'json_invalid_string_value',
        params: { key, entry: 'default' },
      });
    },
  );

  it('Chats takes an array of one-key name → template objects', () => {
    expect(check('Chats', '[]')).toBeNull();
    expect(check('Chats', '[{"NextChat":"https://x/?k={key}"}]')).toBeNull();
    expect(check('Chats', '{"NextChat":"x"}')).toEqual({ code: 'json_not_array', params: { key: 'Chats' } });
    for (const bad of ['[{"a":"x","b":"y"}]', '[{}]', '[{"a":1}]', '["x"]', '[["a","x"]]']) {
      expect(check('Chats', bad)).toEqual({
        code: 'json_invalid_chat_link',
        params: { key: 'Chats', position: 1 },
      });
    }
    expect(check('Chats', '[{"a":"x"},null]')).toEqual({
      code: 'json_invalid_chat_link',
      params: { key: 'Chats', position: 2 },
    });
  });

  it.each(['gemini.supported_imagine_models', 'gemini.models_supported_thinking_budget'])(
    '%s takes an array of model names',
    (key) => {
      expect(check(key, '[]')).toBeNull();
      expect(check(key, '["gemini-2.0-flash-exp"]')).toBeNull();
      expect(check(key, '{"a":"b"}')).toEqual({ code: 'json_not_array', params: { key } });
      expect(check(key, '["a",2]')).toEqual({ code: 'json_invalid_list_item', params: { key, position: 2 } });
    },
  );

  it('claude.model_headers_settings takes an object', () => {
    const key = 'claude.model_headers_settings';
    expect(
      check(key, '{"claude-3-7-sonnet-20250219":{"anthropic-beta":["output-128k-2025-02-19"]}}'),
    ).toBeNull();
    expect(check(key, '[]')).toEqual({ code: 'json_not_object', params: { key } });
    expect(check(key, '"x"')).toEqual({ code: 'json_not_object', params: { key } });
  });

  it('claude.default_max_tokens takes an object of positive whole numbers', () => {
    const key = 'claude.default_max_tokens';
    expect(check(key, '{"default":8192,"claude-3-haiku-20240307":4096}')).toBeNull();
    for (const bad of ['0', '-1', '1.5', '"8192"']) {
      expect(check(key, `{"default":${bad}}`)).toEqual({
        code: 'json_invalid_integer_value',
        params: { key, entry: 'default' },
      });
    }
    expect(check(key, '[8192]')).toEqual({ code: 'json_not_object', params: { key } });
  });
});
