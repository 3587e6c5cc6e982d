import { type MessageLanguage } from '../options/option-messages';

/** Every reason a channel write can be refused. */
export const CHANNEL_ISSUE_CODES = [
  'name_and_key_required',
  'models_required',
  'groups_required',
  'group_name_too_long',
  'model_name_too_long',
  'unknown_type',
  'type_not_relayed',
  'base_url_required',
  'base_url_invalid',
  'region_required',
  'region_invalid',
  'model_mapping_invalid',
  'status_code_mapping_invalid',
  'setting_invalid',
  'param_override_invalid',
  'header_override_invalid',
  'priority_not_integer',
  'priority_too_low',
  'weight_invalid',
  'status_invalid',
  'key_format_invalid',
  'vertex_key_invalid',
  'batch_tag_no_selection',
  'tag_required',
  'tag_nothing_changed',
  'delete_no_selection',
  'channel_not_found',
] as const;

export type ChannelIssueCode = (typeof CHANNEL_ISSUE_CODES)[number];

export interface ChannelIssue {
  code: ChannelIssueCode;
  params?: Record<string, string | number>;
}

export const channelIssue = (
  code: ChannelIssueCode,
  params?: Record<string, string | number>,
): ChannelIssue => (params ? { code, params } : { code });

/** Chinese texts quoted by the spec (§5, §8) are verbatim. `{name}` is filled from the issue's params. */
export const CHANNEL_ISSUE_MESSAGES: Readonly<
  Record<ChannelIssueCode, Readonly<Record<MessageLanguage, string>>>
> = {
  name_and_key_required: {
    en: 'Please enter the channel name and the channel key!',
    zh: '请填写渠道名称和渠道密钥！',
  },
  models_required: { en: 'Please select at least one model!', zh: '请至少选择一个模型！' },
  groups_required: { en: 'Please select at least one group!', zh: '请至少选择一个分组！' },
  group_name_too_long: {
    en: 'A group name may have at most 64 characters: {group}',
    zh: '分组名称不能超过 64 个字符：{group}',
  },
  model_name_too_long: {
    en: 'A model name may have at most 255 characters: {model}',
    zh: '模型名称不能超过 255 个字符：{model}',
  },
  unknown_type: { en: 'Unknown channel type: {type}', zh: '未知的渠道类型：{type}' },
  type_not_relayed: {
    en: 'Channels of type {name} are not supported yet: the gateway has no adapter for this provider',
    zh: '暂不支持 {name} 类型的渠道：网关还没有该服务商的适配器',
  },
  base_url_required: {
    en: 'This channel type needs a base URL',
    zh: '该渠道类型必须填写 Base URL（代理地址）',
  },
  base_url_invalid: {
    en: 'The base URL must start with http:// or https://',
    zh: 'Base URL 必须以 http:// 或 https:// 开头',
  },
  region_required: { en: 'Please enter the deployment region!', zh: '请填写部署地区！' },
  region_invalid: {
    en: 'The deployment region must be valid JSON with a "default" entry',
    zh: '部署地区必须是合法的 JSON 字符串，且包含 default',
  },
  model_mapping_invalid: {
    en: 'Model mapping must be a JSON object of model names',
    zh: '模型重定向必须是合法的 JSON 对象（模型名到模型名）',
  },
  status_code_mapping_invalid: {
    en: 'Status code mapping must be a JSON object such as {"400":"500"}',
    zh: '状态码复写必须是合法的 JSON 对象，例如 {"400":"500"}',
  },
  setting_invalid: {
    en: 'Extra settings must be a valid JSON object',
    zh: '渠道额外设置必须是合法的 JSON 对象',
  },
  param_override_invalid: {
    en: 'Parameter override must be a valid JSON object',
    zh: '参数覆盖必须是合法的 JSON 对象',
  },
  header_override_invalid: {
    en: 'Header override must be a JSON object of header values',
    zh: '请求头覆盖必须是合法的 JSON 对象（请求头名到字符串）',
  },
  priority_not_integer: { en: 'Priority must be an integer!', zh: '优先级必须是整数！' },
  priority_too_low: { en: 'Priority cannot be below -999!', zh: '优先级不能小于 -999！' },
  weight_invalid: { en: 'Weight must be a non-negative integer!', zh: '权重必须是非负整数！' },
  status_invalid: {
    en: 'A channel can only be set to enabled (1) or disabled (2)',
    zh: '渠道状态只能设置为启用（1）或禁用（2）',
  },
  key_format_invalid: {
    en: 'Invalid key format, expected {format}',
    zh: '密钥格式不正确，应为 {format}',
  },
  vertex_key_invalid: {
    en: 'A Vertex AI key must be the service account JSON',
    zh: 'Vertex AI 的密钥必须是服务账号 JSON',
  },
  batch_tag_no_selection: {
    en: 'Please select the channels to tag first!',
    zh: '请先选择要设置标签的渠道！',
  },
  tag_required: { en: 'The tag cannot be empty!', zh: '标签不能为空！' },
  tag_nothing_changed: { en: 'Nothing was changed!', zh: '没有任何修改！' },
  delete_no_selection: {
    en: 'Please select the channels to delete first!',
    zh: '请先选择要删除的渠道！',
  },
  channel_not_found: {
    en: 'Channel not found, please refresh the page and try again',
    zh: '渠道未找到，请刷新页面后重试',
  },
};
