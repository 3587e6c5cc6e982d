import { errorFactory, type ErrorCatalogue } from '../../../common/errors/app-error';

export type OAuthErrorCode =
  | 'provider_disabled'
  | 'state_invalid'
  | 'code_required'
  | 'provider_failed'
  | 'account_inactive'
  | 'not_bound'
  | 'wechat_code_invalid'
  | 'telegram_data_invalid'
  | 'telegram_data_expired';

// Third-party logins (reference §8.4). Provider failures are summarised; upstream bodies stay in the log.
export const OAUTH_ERRORS: ErrorCatalogue<OAuthErrorCode> = {
  provider_disabled: {
    kind: 'business',
    en: 'The administrator has not enabled login and registration with {provider}',
    zh: '管理员未开启通过 {provider} 登录以及注册',
  },
  // Reference: 403 "state is empty or not same".
  state_invalid: {
    kind: 'forbidden',
    en: 'The login state is missing, expired or does not match; please start again',
    zh: 'state 为空、已过期或不一致，请重新发起登录',
  },
  code_required: {
    kind: 'business',
    en: 'The authorization code is missing',
    zh: '缺少授权码',
  },
  provider_failed: {
    kind: 'business',
    en: 'Signing in with {provider} failed, please try again',
    zh: '{provider} 授权失败，请重试',
  },
  account_inactive: {
    kind: 'business',
    en: 'This {provider} account is not active or has been silenced',
    zh: '该 {provider} 账户未激活或已被禁言',
  },
  not_bound: {
    kind: 'business',
    en: 'This {provider} account is not bound to any user; sign in another way and bind it in settings',
    zh: '该 {provider} 账户未绑定任何用户，请先用其他方式登录并在个人设置中绑定',
  },
  wechat_code_invalid: {
    kind: 'business',
    en: 'The WeChat verification code is wrong or has expired',
    zh: '微信验证码错误或已过期',
  },
  telegram_data_invalid: {
    kind: 'business',
    en: 'The Telegram login data could not be verified',
    zh: 'Telegram 登录数据校验失败',
  },
  telegram_data_expired: {
    kind: 'business',
    en: 'The Telegram login has expired, please sign in with Telegram again',
    zh: 'Telegram 登录信息已过期，请重新通过 Telegram 登录',
  },
};

export const oauthError = errorFactory(OAUTH_ERRORS);
