import { errorFactory, type ErrorCatalogue } from '../../../common/errors/app-error';

export type AccountErrorCode =
  | 'register_disabled'
  | 'password_register_disabled'
  | 'register_fields_required'
  | 'email_verification_required'
  | 'invalid_verification_code'
  | 'invalid_email'
  | 'email_domain_not_allowed'
  | 'email_alias_not_allowed'
  | 'email_taken'
  | 'mail_too_soon'
  | 'mail_not_configured'
  | 'mail_failed'
  | 'reset_fields_required'
  | 'reset_link_invalid'
  | 'email_bind_fields_required';

// Registration, email codes and password reset (spec 000 §5, 001 §8, reference §8.2–8.3).
export const ACCOUNT_ERRORS: ErrorCatalogue<AccountErrorCode> = {
  register_disabled: {
    kind: 'business',
    en: 'The administrator has turned off new user registration',
    zh: '管理员关闭了新用户注册',
  },
  password_register_disabled: {
    kind: 'business',
    en: 'The administrator has turned off registration with a password; please sign up with a third-party account',
    zh: '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册',
  },
  register_fields_required: {
    kind: 'business',
    en: 'Please enter username and password',
    zh: '请输入用户名和密码！',
  },
  email_verification_required: {
    kind: 'business',
    en: 'Email verification is on: please enter your email address and the verification code',
    zh: '管理员开启了邮箱验证，请输入邮箱地址和验证码',
  },
  invalid_verification_code: {
    kind: 'business',
    en: 'The verification code is wrong or has expired',
    zh: '验证码错误或已过期',
  },
  invalid_email: { kind: 'business', en: 'Invalid email address', zh: '邮箱地址格式不正确' },
  email_domain_not_allowed: {
    kind: 'business',
    en: 'The administrator only accepts email addresses of certain domains; yours is not on the list',
    zh: '管理员启用了邮箱域名白名单，您的邮箱地址的域名不在白名单中',
  },
  email_alias_not_allowed: {
    kind: 'business',
    en: 'The administrator does not accept email aliases (addresses with "+")',
    zh: '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝',
  },
  email_taken: { kind: 'business', en: 'This email address is already in use', zh: '该邮箱地址已被占用' },
  mail_too_soon: {
    kind: 'business',
    en: 'An email was just sent to this address, please try again in {seconds} seconds',
    zh: '邮件刚刚发送过，请 {seconds} 秒后再试',
  },
  mail_not_configured: {
    kind: 'business',
    en: 'The administrator has not set up email (SMTP) yet',
    zh: '管理员尚未配置邮件服务（SMTP）',
  },
  mail_failed: {
    kind: 'business',
    en: 'The email could not be sent, please try again later',
    zh: '邮件发送失败，请稍后再试',
  },
  reset_fields_required: {
    kind: 'business',
    en: 'The reset link is incomplete: email and token are required',
    zh: '重置链接不完整：缺少邮箱地址或令牌',
  },
  reset_link_invalid: {
    kind: 'business',
    en: 'The reset link is invalid or has expired',
    zh: '重置链接非法或已过期',
  },
  email_bind_fields_required: {
    kind: 'business',
    en: 'Please enter the email address and the verification code',
    zh: '请输入邮箱地址和验证码',
  },
};

export const accountError = errorFactory(ACCOUNT_ERRORS);
