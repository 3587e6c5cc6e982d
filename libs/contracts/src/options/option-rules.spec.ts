import { defaultOptionValues } from './option-catalogue';
import { checkFallbackPricing, missingRequirements } from './option-rules';
import { validateOption } from './option-validation';

const stored = (overrides: Record<string, string> = {}): Record<string, string> => ({
  ...defaultOptionValues(),
  ...overrides,
});

describe('options that need others filled first', () => {
  it.each([
    ['GitHubOAuthEnabled', { GitHubClientId: 'id', GitHubClientSecret: 's' }],
    ['LinuxDOOAuthEnabled', { LinuxDOClientId: 'id', LinuxDOClientSecret: 's' }],
    [
      'oidc.enabled',
      {
        'oidc.client_id': 'id',
        'oidc.client_secret': 's',
        'oidc.authorization_endpoint': 'https://id.example.com/auth',
        'oidc.token_endpoint': 'https://id.example.com/token',
        'oidc.user_info_endpoint': 'https://id.example.com/userinfo',
      },
    ],
    ['WeChatAuthEnabled', { WeChatServerAddress: 'https://wx.example.com', WeChatServerToken: 't' }],
    ['TelegramOAuthEnabled', { TelegramBotName: 'tollgate_bot', TelegramBotToken: 't' }],
    ['TurnstileCheckEnabled', { TurnstileSiteKey: 'site', TurnstileSecretKey: 's' }],
    ['EmailVerificationEnabled', { SMTPServer: 'smtp.example.com' }],
    ['EmailDomainRestrictionEnabled', { EmailDomainWhitelist: 'example.com' }],
  ])('%s can be switched on only once its settings are filled', (key, filled: Record<string, string>) => {
    const empty = Object.fromEntries(Object.keys(filled).map((k) => [k, '']));
    expect(validateOption(key, 'true', stored(empty))).toEqual({
      code: 'requires_option',
      params: { key, required: Object.keys(filled).join(', ') },
    });
    expect(validateOption(key, 'true', stored(filled))).toBeNull();
    expect(validateOption(key, 'false', stored(empty))).toBeNull();
  });

  it('names only the settings still missing, and treats blanks as missing', () => {
    expect(
      validateOption('GitHubOAuthEnabled', 'true', stored({ GitHubClientId: '  ', GitHubClientSecret: 's' })),
    ).toEqual({
      code: 'requires_option',
      params: { key: 'GitHubOAuthEnabled', required: 'GitHubClientId' },
    });
  });

  it('does not hold secrets the console was never sent against it', () => {
    const consoleCopy: Record<string, string> = stored({ GitHubClientId: 'id' });
    delete consoleCopy.GitHubClientSecret;
    expect(validateOption('GitHubOAuthEnabled', 'true', consoleCopy)).toBeNull();
    delete consoleCopy.GitHubClientId;
    expect(missingRequirements('GitHubOAuthEnabled', consoleCopy)).toEqual(['GitHubClientId']);
  });

  it('needs the server address before a payment address is set', () => {
    expect(validateOption('PayAddress', 'https://pay.example.com', stored())).toEqual({
      code: 'requires_option',
      params: { key: 'PayAddress', required: 'ServerAddress' },
    });
    expect(
      validateOption(
        'PayAddress',
        'https://pay.example.com',
        stored({ ServerAddress: 'https://gw.example.com' }),
      ),
    ).toBeNull();
    expect(validateOption('PayAddress', '', stored())).toBeNull();
  });

  it('has no requirement for other keys', () => {
    expect(missingRequirements('SystemName', {})).toEqual([]);
  });
});

describe('fallback pricing', () => {
  const none = { fallback_single_price: '', fallback_input_ratio: '', fallback_completion_ratio: '' };
  const price = { ...none, fallback_single_price: '0.01' };
  const ratios = { ...none, fallback_input_ratio: '1.0', fallback_completion_ratio: '2.0' };
  const conflict = { code: 'fallback_pricing_conflict' };

  it.each([
    ['nothing set', none, null],
    ['a single price alone', price, null],
    ['both ratios', ratios, null],
    ['a price with a ratio', { ...price, fallback_input_ratio: '1' }, conflict],
    ['a price with both ratios', { ...ratios, fallback_single_price: '0.01' }, conflict],
    ['an input ratio alone', { ...none, fallback_input_ratio: '1' }, conflict],
    ['a completion ratio alone', { ...none, fallback_completion_ratio: '2' }, conflict],
    ['blank text as unset', { ...price, fallback_input_ratio: '  ' }, null],
  ])('as a whole form, allows %s: %j', (_name, values, issue) => {
    expect(checkFallbackPricing(values)).toEqual(issue);
  });

  it('refuses a write that puts a single price beside a ratio', () => {
    expect(validateOption('fallback_single_price', '0.01', stored(ratios))).toEqual(conflict);
    expect(validateOption('fallback_input_ratio', '1', stored(price))).toEqual(conflict);
    expect(validateOption('fallback_completion_ratio', '2', stored(price))).toEqual(conflict);
  });

  it('always accepts clearing a fallback value', () => {
    const both = stored({ ...ratios, fallback_single_price: '0.01' });
    for (const key of Object.keys(none)) expect(validateOption(key, '', both)).toBeNull();
  });

  // Options are saved one key per call, so each step of a mode switch must be accepted on its own.
  const applyInOrder = (start: Record<string, string>, writes: Array<[string, string]>) => {
    const current = stored(start);
    for (const [key, value] of writes) {
      expect({ key, issue: validateOption(key, value, current) }).toEqual({ key, issue: null });
      current[key] = value;
    }
    return current;
  };

  it('switches from ratios to a single price, clearing first', () => {
    const end = applyInOrder(ratios, [
      ['fallback_input_ratio', ''],
      ['fallback_completion_ratio', ''],
      ['fallback_single_price', '0.01'],
    ]);
    expect(checkFallbackPricing(end)).toBeNull();
  });

  it('switches from a single price to ratios, clearing first', () => {
    const end = applyInOrder(price, [
      ['fallback_single_price', ''],
      ['fallback_input_ratio', '1.0'],
      ['fallback_completion_ratio', '2.0'],
    ]);
    expect(checkFallbackPricing(end)).toBeNull();
  });

  it('does not look at other keys', () => {
    expect(
      validateOption('fallback_pricing_enabled', 'true', stored({ ...ratios, fallback_single_price: '1' })),
    ).toBeNull();
  });
});
