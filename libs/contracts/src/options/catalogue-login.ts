import { type OptionSpec, bool, integer, secret, str, url } from './option-spec';

/** Login, registration, OAuth providers and the bot check. */
export const LOGIN_OPTIONS = {
  PasswordLoginEnabled: bool(true),
  PasswordRegisterEnabled: bool(true),
  RegisterEnabled: bool(true),
  EmailVerificationEnabled: bool(false),
  TurnstileCheckEnabled: bool(false),
  TurnstileSiteKey: str(),
  TurnstileSecretKey: secret(),
  GitHubOAuthEnabled: bool(false),
  GitHubClientId: str(),
  GitHubClientSecret: secret(),
  LinuxDOOAuthEnabled: bool(false),
  LinuxDOClientId: str(),
  LinuxDOClientSecret: secret(),
  WeChatAuthEnabled: bool(false),
  WeChatServerAddress: url(),
  WeChatServerToken: secret(),
  WeChatAccountQRCodeImageURL: url(),
  TelegramOAuthEnabled: bool(false),
  TelegramBotName: str(),
  TelegramBotToken: secret(),
  'oidc.enabled': bool(false),
  'oidc.client_id': str(),
  'oidc.client_secret': secret(),
  'oidc.well_known': str('', { format: 'url', formatIssue: 'invalid_well_known_url' }),
  'oidc.authorization_endpoint': url(),
  'oidc.token_endpoint': url(),
  'oidc.user_info_endpoint': url(),
} satisfies Record<string, OptionSpec>;

/** Email restrictions and the SMTP account used for codes, resets and notices. */
export const EMAIL_OPTIONS = {
  EmailDomainRestrictionEnabled: bool(false),
  EmailAliasRestrictionEnabled: bool(false),
  EmailDomainWhitelist: str(
    'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
    { format: 'domain-list' },
  ),
  // A host name, not a URL: mail clients connect to it directly.
  SMTPServer: str(),
  SMTPPort: integer(587, { min: 1, max: 65535 }),
  SMTPAccount: str(),
  SMTPFrom: str(),
  SMTPToken: secret(),
  SMTPSSLEnabled: bool(false),
} satisfies Record<string, OptionSpec>;
