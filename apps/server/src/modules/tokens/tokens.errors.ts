import { errorFactory, type ErrorCatalogue } from '../../common/errors/app-error';

export type TokenErrorCode =
  | 'token_not_found'
  | 'name_required'
  | 'name_too_long'
  | 'invalid_expiry'
  | 'expiry_in_past'
  | 'negative_quota'
  | 'invalid_quantity'
  | 'invalid_allow_ip'
  | 'group_not_usable'
  | 'invalid_status'
  | 'expired_cannot_enable'
  | 'exhausted_cannot_enable';

export const TOKEN_ERRORS: ErrorCatalogue<TokenErrorCode> = {
  // Another user's token answers exactly like a missing one, so ids reveal nothing.
  token_not_found: { kind: 'not_found', en: 'Token not found', zh: '令牌不存在' },
  // A blank name would list as an empty row and a delete prompt reading 「 」.
  name_required: { kind: 'business', en: 'Please enter a token name', zh: '请输入令牌名称' },
  name_too_long: {
    kind: 'business',
    en: 'The token name is too long (at most {max} characters, copies included)',
    zh: '令牌名称过长（最多 {max} 个字符，含副本后缀）',
  },
  invalid_expiry: { kind: 'business', en: 'Invalid expiry time format!', zh: '过期时间格式错误！' },
  expiry_in_past: {
    kind: 'business',
    en: 'The expiry time must be in the future, or -1 for never',
    zh: '过期时间必须晚于当前时间，或设置为 -1 永不过期',
  },
  negative_quota: { kind: 'business', en: 'Quota cannot be negative', zh: '额度不能为负数' },
  invalid_quantity: {
    kind: 'business',
    en: 'The quantity must be a whole number from 1 to {max}',
    zh: '数量必须是 1 到 {max} 之间的整数',
  },
  invalid_allow_ip: {
    kind: 'business',
    en: 'Invalid IP address or CIDR in the allow list: {ip}',
    zh: 'IP 白名单格式错误：{ip}',
  },
  group_not_usable: {
    kind: 'business',
    en: 'Group {group} is not available to you',
    zh: '无权使用分组 {group}',
  },
  invalid_status: {
    kind: 'business',
    en: 'A token can only be enabled (1) or disabled (2)',
    zh: '令牌只能被启用（1）或禁用（2）',
  },
  expired_cannot_enable: {
    kind: 'business',
    en: 'The token has expired and cannot be enabled; change its expiry time or set it to never expire first',
    zh: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
  },
  exhausted_cannot_enable: {
    kind: 'business',
    en: 'The token quota is used up and cannot be enabled; change its remaining quota or make it unlimited first',
    zh: '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
  },
};

export const tokenError = errorFactory(TOKEN_ERRORS);
