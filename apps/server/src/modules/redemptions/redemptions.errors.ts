import { errorFactory, type ErrorCatalogue } from '../../common/errors/app-error';

export type RedemptionErrorCode =
  | 'redemption_not_found'
  | 'invalid_name'
  | 'invalid_quota'
  | 'count_not_positive'
  | 'count_too_large'
  | 'invalid_validity'
  | 'invalid_max_uses'
  | 'max_uses_below_used'
  | 'custom_key_needs_single'
  | 'invalid_custom_key'
  | 'key_exists'
  | 'edit_only_unused'
  | 'used_status_locked'
  | 'invalid_status'
  | 'none_selected'
  | 'name_required'
  | 'key_required'
  | 'invalid_code'
  | 'code_used'
  | 'code_disabled'
  | 'code_expired'
  | 'code_not_yet_valid'
  | 'already_redeemed';

// Admin-side rules (spec 001 §5 Redemption) and the wallet's redeem answers (spec 001 §8).
export const REDEMPTION_ERRORS: ErrorCatalogue<RedemptionErrorCode> = {
  redemption_not_found: { kind: 'not_found', en: 'Redemption code not found', zh: '兑换码不存在' },
  invalid_name: {
    kind: 'business',
    en: 'The name must be 1 to {max} characters',
    zh: '兑换码名称长度必须在 1 到 {max} 个字符之间',
  },
  invalid_quota: { kind: 'business', en: 'The quota must be greater than 0', zh: '额度必须大于 0' },
  count_not_positive: {
    kind: 'business',
    en: 'The number of codes must be greater than 0',
    zh: '兑换码个数必须大于0',
  },
  count_too_large: {
    kind: 'business',
    en: 'At most {max} codes can be generated at once',
    zh: '一次兑换码批量生成的个数不能大于 {max}',
  },
  invalid_validity: {
    kind: 'business',
    en: 'The start time must be earlier than the expiry time',
    zh: '生效时间必须早于过期时间',
  },
  invalid_max_uses: {
    kind: 'business',
    en: 'The maximum number of uses must be -1 (unlimited) or a positive integer',
    zh: '最大使用次数必须为 -1（不限）或正整数',
  },
  max_uses_below_used: {
    kind: 'business',
    en: 'The maximum number of uses must be greater than the {used} uses so far',
    zh: '最大使用次数必须大于已使用次数 {used}',
  },
  custom_key_needs_single: {
    kind: 'business',
    en: 'A custom code can only be created one at a time',
    zh: '自定义兑换码一次只能生成 1 个',
  },
  invalid_custom_key: {
    kind: 'business',
    en: 'A custom code must be 1 to {max} characters without spaces',
    zh: '自定义兑换码必须为 1 到 {max} 个字符且不含空白',
  },
  key_exists: { kind: 'business', en: 'This redemption code already exists', zh: '该兑换码已存在' },
  edit_only_unused: {
    kind: 'business',
    en: 'Only unused redemption codes can be edited',
    zh: '只有未使用的兑换码可以编辑',
  },
  used_status_locked: {
    kind: 'business',
    en: 'A used redemption code cannot be enabled or disabled',
    zh: '已使用的兑换码无法启用或禁用',
  },
  invalid_status: {
    kind: 'business',
    en: 'A redemption code can only be enabled (1) or disabled (2)',
    zh: '兑换码只能被启用（1）或禁用（2）',
  },
  none_selected: {
    kind: 'business',
    en: 'Please select at least one redemption code!',
    zh: '请至少选择一个兑换码！',
  },
  name_required: { kind: 'business', en: 'Please enter a name', zh: '请输入兑换码名称' },
  key_required: { kind: 'business', en: 'No redemption code provided', zh: '未提供兑换码' },
  invalid_code: { kind: 'business', en: 'Invalid redemption code', zh: '无效的兑换码' },
  code_used: {
    kind: 'business',
    en: 'This redemption code has already been used',
    zh: '该兑换码已被使用',
  },
  code_disabled: { kind: 'business', en: 'This redemption code is disabled', zh: '该兑换码已被禁用' },
  code_expired: { kind: 'business', en: 'This redemption code has expired', zh: '该兑换码已过期' },
  code_not_yet_valid: {
    kind: 'business',
    en: 'This redemption code is not valid yet',
    zh: '该兑换码尚未生效',
  },
  already_redeemed: {
    kind: 'business',
    en: 'You have already redeemed this code',
    zh: '您已兑换过该兑换码',
  },
};

export const redemptionError = errorFactory(REDEMPTION_ERRORS);
