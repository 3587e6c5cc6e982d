import { errorFactory, type ErrorCatalogue } from '../../common/errors/app-error';

export type AuthErrorCode =
  | 'credentials_required'
  | 'invalid_credentials'
  | 'password_login_disabled'
  | 'user_banned'
  | 'too_many_login_failures'
  | 'turnstile_missing'
  | 'turnstile_failed';

export const AUTH_ERRORS: ErrorCatalogue<AuthErrorCode> = {
  credentials_required: {
    kind: 'business',
    en: 'Please enter username and password',
    zh: '请输入用户名和密码！',
  },
  invalid_credentials: {
    kind: 'business',
    en: 'Username or password is wrong, or the user has been banned',
    zh: '用户名或密码错误，或用户已被封禁',
  },
  password_login_disabled: {
    kind: 'business',
    en: 'The administrator has turned off password login',
    zh: '管理员关闭了密码登录',
  },
  user_banned: { kind: 'forbidden', en: 'The user has been banned', zh: '用户已被封禁' },
  too_many_login_failures: {
    kind: 'too_many_requests',
    en: 'Too many failed logins, please try again in {minutes} minutes',
    zh: '登录失败次数过多，请 {minutes} 分钟后再试',
  },
  // Spec §5: without a token yet the console asks to retry in a few seconds.
  turnstile_missing: {
    kind: 'business',
    en: 'The bot check is still running, please try again in a few seconds',
    zh: '人机验证尚未完成，请稍后几秒重试',
  },
  turnstile_failed: {
    kind: 'business',
    en: 'The bot check failed, please refresh the page and try again',
    zh: '人机验证失败，请刷新页面后重试',
  },
};

export const authError = errorFactory(AUTH_ERRORS);
