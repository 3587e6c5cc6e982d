import { type OptionIssue, type OptionIssueCode } from './option-issues';

export type MessageLanguage = 'en' | 'zh';

/**
 * Texts for every option issue, `{name}` filled from the issue's params.
 * Chinese texts quoted by the spec are used verbatim (and carry no placeholders).
 */
export const OPTION_ISSUE_MESSAGES: Readonly<
  Record<OptionIssueCode, Readonly<Record<MessageLanguage, string>>>
> = {
  unknown_option: { en: 'Unknown option: {key}', zh: '未知的配置项：{key}' },
  not_boolean: { en: '{key} must be true or false', zh: '{key} 只能是 true 或 false' },
  not_integer: { en: '{key} must be a whole number', zh: '{key} 必须是整数' },
  not_number: { en: '{key} must be a number', zh: '{key} 必须是数字' },
  below_minimum: { en: '{key} must be at least {min}', zh: '{key} 不能小于 {min}' },
  not_greater_than: { en: '{key} must be greater than {min}', zh: '{key} 必须大于 {min}' },
  above_maximum: { en: '{key} must be at most {max}', zh: '{key} 不能大于 {max}' },
  not_one_of: { en: '{key} must be one of: {allowed}', zh: '{key} 只能是以下值之一：{allowed}' },
  rebate_percentage_out_of_range: {
    en: 'Rebate percentage must be between 0 and 100',
    zh: '返佣百分比必须在0到100之间',
  },
  invalid_json: { en: 'Not a valid JSON string', zh: '不是合法的 JSON 字符串' },
  json_not_object: { en: '{key} must be a JSON object', zh: '{key} 必须是 JSON 对象' },
  json_not_array: { en: '{key} must be a JSON array', zh: '{key} 必须是 JSON 数组' },
  json_invalid_ratio: {
    en: '{key}: the value of "{entry}" must be a number of 0 or more',
    zh: '{key}：“{entry}” 的值必须是不小于 0 的数字',
  },
  json_invalid_string_value: {
    en: '{key}: the value of "{entry}" must be a string',
    zh: '{key}：“{entry}” 的值必须是字符串',
  },
  json_invalid_integer_value: {
    en: '{key}: the value of "{entry}" must be a positive whole number',
    zh: '{key}：“{entry}” 的值必须是正整数',
  },
  json_invalid_list_item: {
    en: '{key}: item {position} must be a string',
    zh: '{key}：第 {position} 项必须是字符串',
  },
  json_invalid_chat_link: {
    en: '{key}: item {position} must be an object with one name and its link template',
    zh: '{key}：第 {position} 项必须是只含一个名称及其链接模板的对象',
  },
  invalid_url: {
    en: '{key} must be an address starting with http:// or https://',
    zh: '{key} 必须是以 http:// 或 https:// 开头的地址',
  },
  invalid_well_known_url: {
    en: 'The Well-Known URL must start with http:// or https://',
    zh: 'Well-Known URL 必须以 http:// 或 https:// 开头',
  },
  invalid_domain: {
    en: 'Invalid domain format: {domain} (e.g. example.com)',
    zh: '域名格式不正确：{domain}（例如 example.com）',
  },
  duplicate_domain: { en: 'Domain {domain} is already in the list', zh: '域名 {domain} 已在列表中' },
  requires_option: {
    en: 'Set {required} before enabling or setting {key}',
    zh: '请先填写 {required}，再启用或设置 {key}',
  },
  fallback_pricing_conflict: {
    en: 'Check the fallback pricing: a single price cannot be combined with ratios, and ratios need both input and completion ratios',
    zh: '请检查兜底倍率配置：使用单次价格时不能设置倍率，使用倍率时需要同时设置输入和补全倍率',
  },
  nothing_changed: { en: "You don't seem to have changed anything", zh: '你似乎并没有修改什么' },
};

/** Replaces each `{name}` with params[name]; unknown placeholders are left as they are. */
export const formatMessage = (
  template: string,
  params: Readonly<Record<string, string | number>> = {},
): string =>
  template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );

/** The localised text of an option issue. */
export const optionIssueMessage = (issue: OptionIssue, language: MessageLanguage): string =>
  formatMessage(OPTION_ISSUE_MESSAGES[issue.code][language], issue.params);
