import { errorFactory, type ErrorCatalogue } from '../../common/errors/app-error';

export type UserErrorCode =
  | 'user_not_found'
  | 'username_required'
  | 'password_required'
  | 'invalid_username'
  | 'password_too_short'
  | 'password_too_long'
  | 'invalid_display_name'
  | 'invalid_email'
  | 'invalid_group'
  | 'invalid_quota'
  | 'username_taken'
  | 'email_taken'
  | 'external_id_bound'
  | 'read_forbidden'
  | 'update_forbidden'
  | 'create_forbidden'
  | 'promote_needs_root'
  | 'already_admin'
  | 'already_common'
  | 'root_cannot_be_disabled'
  | 'root_cannot_be_deleted'
  | 'root_cannot_be_demoted'
  | 'root_cannot_delete_self'
  | 'invalid_action'
  | 'enable_not_allowed'
  | 'user_cancelled'
  | 'original_password_wrong'
  | 'password_wrong'
  | 'transfer_below_minimum'
  | 'aff_quota_insufficient'
  | 'aff_disabled'
  | 'check_in_disabled'
  | 'already_checked_in'
  | 'invalid_notify_type'
  | 'invalid_threshold'
  | 'webhook_url_required'
  | 'webhook_not_https'
  | 'webhook_private_address'
  | 'webhook_secret_too_long'
  | 'invalid_notification_email';

// Spec 000 §5/§6 and reference §8.5–8.7; role messages follow the server texts the console has always shown.
export const USER_ERRORS: ErrorCatalogue<UserErrorCode> = {
  user_not_found: { kind: 'not_found', en: 'User not found', zh: '用户不存在' },
  username_required: { kind: 'business', en: 'The username cannot be empty', zh: '用户名不能为空' },
  password_required: { kind: 'business', en: 'The password cannot be empty', zh: '密码不能为空' },
  invalid_username: {
    kind: 'business',
    en: 'The username must be 1 to {max} characters',
    zh: '用户名长度必须在 1 到 {max} 个字符之间',
  },
  password_too_short: {
    kind: 'business',
    en: 'The password must not be shorter than 8 characters',
    zh: '密码长度不得小于 8 位！',
  },
  password_too_long: {
    kind: 'business',
    en: 'The password must not be longer than {max} characters',
    zh: '密码长度不得超过 {max} 位',
  },
  invalid_display_name: {
    kind: 'business',
    en: 'The display name must be at most {max} characters',
    zh: '显示名称不能超过 {max} 个字符',
  },
  invalid_email: { kind: 'business', en: 'Invalid email address', zh: '邮箱地址格式不正确' },
  invalid_group: {
    kind: 'business',
    en: 'The group must be 1 to {max} characters',
    zh: '分组名称长度必须在 1 到 {max} 个字符之间',
  },
  invalid_quota: { kind: 'business', en: 'The quota cannot be negative', zh: '额度不能为负数' },
  username_taken: { kind: 'business', en: 'The username is already taken', zh: '用户名已存在' },
  email_taken: { kind: 'business', en: 'This email address is already in use', zh: '该邮箱地址已被占用' },
  external_id_bound: {
    kind: 'business',
    en: 'This {provider} account is already bound to another user',
    zh: '该 {provider} 账户已被绑定',
  },
  read_forbidden: {
    kind: 'forbidden',
    en: 'You cannot read users of equal or higher level',
    zh: '无权获取同级或更高等级用户的信息',
  },
  update_forbidden: {
    kind: 'forbidden',
    en: 'You cannot update or delete users of equal or higher level',
    zh: '无权更新同权限等级或更高权限等级的用户信息',
  },
  create_forbidden: {
    kind: 'forbidden',
    en: 'You cannot create users of equal or higher level',
    zh: '无法创建权限大于等于自己的用户',
  },
  promote_needs_root: {
    kind: 'forbidden',
    en: 'A regular administrator cannot promote others to administrator',
    zh: '普通管理员用户无法提升其他用户为管理员',
  },
  already_admin: { kind: 'business', en: 'This user is already an administrator', zh: '该用户已经是管理员' },
  already_common: { kind: 'business', en: 'This user is already a normal user', zh: '该用户已经是普通用户' },
  root_cannot_be_disabled: {
    kind: 'forbidden',
    en: 'The super administrator cannot be disabled',
    zh: '无法禁用超级管理员用户',
  },
  root_cannot_be_deleted: {
    kind: 'forbidden',
    en: 'The super administrator cannot be deleted',
    zh: '无法删除超级管理员用户',
  },
  root_cannot_be_demoted: {
    kind: 'forbidden',
    en: 'The super administrator cannot be demoted',
    zh: '无法降级超级管理员用户',
  },
  root_cannot_delete_self: {
    kind: 'business',
    en: 'The super administrator account cannot be deleted',
    zh: '不能删除超级管理员账户',
  },
  invalid_action: {
    kind: 'business',
    en: 'Unknown action; use promote, demote, disable, enable or delete',
    zh: '无效的操作，可用操作：promote、demote、disable、enable、delete',
  },
  enable_not_allowed: {
    kind: 'business',
    en: 'A user in the "other" state cannot be enabled',
    zh: '该用户处于其他状态，无法启用',
  },
  user_cancelled: {
    kind: 'business',
    en: 'This account has been cancelled and cannot be changed',
    zh: '该账户已注销，无法操作',
  },
  original_password_wrong: { kind: 'business', en: 'The original password is wrong', zh: '原密码错误' },
  password_wrong: { kind: 'business', en: 'The password is wrong', zh: '密码错误' },
  transfer_below_minimum: {
    kind: 'business',
    en: 'The minimum transfer is {min}',
    zh: '转移额度最小为 {min}！',
  },
  aff_quota_insufficient: {
    kind: 'business',
    en: 'Not enough invitation quota',
    zh: '邀请额度不足！',
  },
  aff_disabled: {
    kind: 'business',
    en: 'Invitations are not enabled on this site',
    zh: '管理员未开启邀请功能',
  },
  check_in_disabled: { kind: 'business', en: 'Daily check-in is not enabled', zh: '签到功能未启用' },
  already_checked_in: {
    kind: 'business',
    en: 'You have already checked in today',
    zh: '今日已签到',
  },
  invalid_notify_type: {
    kind: 'business',
    en: 'The notification type must be email or webhook',
    zh: '通知方式只能是 email 或 webhook',
  },
  invalid_threshold: {
    kind: 'business',
    en: 'The quota warning threshold must be an integer of at least 0',
    zh: '额度预警阈值必须是不小于 0 的整数',
  },
  webhook_url_required: {
    kind: 'business',
    en: 'Please enter a webhook address',
    zh: 'Webhook 地址不能为空',
  },
  webhook_not_https: {
    kind: 'business',
    en: 'The webhook address must use https',
    zh: 'Webhook 地址必须以 https:// 开头',
  },
  webhook_private_address: {
    kind: 'business',
    en: 'The webhook address must not point to a private, loopback or link-local host',
    zh: 'Webhook 地址不能指向内网、本机或链路本地地址',
  },
  webhook_secret_too_long: {
    kind: 'business',
    en: 'The webhook secret must be at most {max} characters',
    zh: 'Webhook 密钥不能超过 {max} 个字符',
  },
  invalid_notification_email: {
    kind: 'business',
    en: 'The notification email address is invalid',
    zh: '通知邮箱格式不正确',
  },
};

export const userError = errorFactory(USER_ERRORS);
