import {
  type ChannelAddMode,
  type ChannelAddRequest,
  type ChannelForm,
  type ChannelIssue,
  type ChannelUpdateRequest,
  type ChannelView,
  ChannelType,
  type MultiKeyMode,
  channelDraftIssue,
  channelKeyIssue,
  channelPriorityIssue,
  channelTypeInfo,
  channelWeightIssue,
  splitCommaList,
  stripTrailingSlashes,
} from '@tollgate/contracts';

/** What the channel drawer edits: lists as arrays, auto_ban as a switch, key text as typed. */
export interface ChannelFormValues {
  type: number;
  name: string;
  key: string;
  openai_organization: string;
  max_input_tokens: number | null;
  base_url: string;
  other: string;
  model_mapping: string;
  status_code_mapping: string;
  setting: string;
  param_override: string;
  header_override: string;
  models: string[];
  groups: string[];
  auto_ban: boolean;
  test_model: string;
  /** null while the number input is empty. */
  priority: number | null;
  weight: number | null;
  tag: string;
  model_prefix: string;
  /** Only when adding: how the key text becomes channels. */
  mode: ChannelAddMode;
  multi_key_mode: MultiKeyMode;
}

const DEFAULT_GROUP = 'default';

export const EMPTY_CHANNEL_FORM: ChannelFormValues = {
  type: ChannelType.OpenAI,
  name: '',
  key: '',
  openai_organization: '',
  max_input_tokens: 0,
  base_url: '',
  other: '',
  model_mapping: '',
  status_code_mapping: '',
  setting: '',
  param_override: '',
  header_override: '',
  models: [],
  groups: [DEFAULT_GROUP],
  auto_ban: true,
  test_model: '',
  priority: 0,
  weight: 0,
  tag: '',
  model_prefix: '',
  mode: 'single',
  multi_key_mode: 'random',
};

/** The drawer's values with what cleared inputs report as undefined put back to the defaults. */
export function completeValues(values: Partial<ChannelFormValues>): ChannelFormValues {
  const complete = { ...EMPTY_CHANNEL_FORM };
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) Object.assign(complete, { [key]: value });
  }
  return complete;
}

/** Form values of a stored channel; the key is never sent to the console, so it starts empty. */
export function formValuesOf(channel: ChannelView): ChannelFormValues {
  return {
    type: channel.type,
    name: channel.name,
    key: '',
    openai_organization: channel.openai_organization,
    max_input_tokens: channel.max_input_tokens,
    base_url: channel.base_url,
    other: channel.other,
    model_mapping: channel.model_mapping,
    status_code_mapping: channel.status_code_mapping,
    setting: channel.setting,
    param_override: channel.param_override,
    header_override: channel.header_override,
    models: splitCommaList(channel.models),
    groups: splitCommaList(channel.group),
    auto_ban: channel.auto_ban === 1,
    test_model: channel.test_model,
    priority: channel.priority,
    weight: channel.weight,
    tag: channel.tag,
    model_prefix: channel.model_prefix,
    // A multi-key channel's new keys are typed one per line, as when it was added.
    mode: channel.channel_info.is_multi_key ? 'multi_to_single' : 'single',
    multi_key_mode: channel.channel_info.multi_key_mode,
  };
}

/** Vertex AI takes one service-account JSON per channel (spec §9: region, single key). */
export const supportsSeveralKeys = (type: number): boolean => type !== ChannelType.VertexAi;

/** The keys typed: one per line in batch and multi-key modes, the whole text otherwise. */
export function keysOf(values: Pick<ChannelFormValues, 'type' | 'key' | 'mode'>): string[] {
  const text = values.key.trim();
  if (text === '') return [];
  if (values.mode === 'single' || !supportsSeveralKeys(values.type)) return [text];
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export const endsWithV1 = (baseUrl: string): boolean => stripTrailingSlashes(baseUrl).endsWith('/v1');

/** The fields as they go on the wire: lists comma-joined, trailing slashes gone, per-type defaults filled. */
export function channelFormOf(values: ChannelFormValues): ChannelForm {
  const other = values.other.trim() || (channelTypeInfo(values.type)?.otherDefault ?? '');
  const keys = keysOf(values);
  return {
    type: values.type,
    name: values.name.trim(),
    key: keys.join('\n'),
    openai_organization: values.openai_organization.trim(),
    max_input_tokens: values.max_input_tokens ?? 0,
    base_url: stripTrailingSlashes(values.base_url),
    other,
    model_mapping: values.model_mapping.trim(),
    status_code_mapping: values.status_code_mapping.trim(),
    setting: values.setting.trim(),
    param_override: values.param_override.trim(),
    header_override: values.header_override.trim(),
    models: splitCommaList(values.models.join(',')).join(','),
    group: splitCommaList(values.groups.join(',')).join(','),
    auto_ban: values.auto_ban ? 1 : 0,
    test_model: values.test_model.trim(),
    priority: values.priority ?? 0,
    weight: values.weight ?? 0,
    tag: values.tag.trim(),
    model_prefix: values.model_prefix.trim(),
  };
}

export function addRequestOf(values: ChannelFormValues): ChannelAddRequest {
  const mode = supportsSeveralKeys(values.type) ? values.mode : 'single';
  return { mode, multi_key_mode: values.multi_key_mode, channel: channelFormOf(values) };
}

/** An empty key keeps the stored one, so it is left out. */
export function updateRequestOf(
  id: number,
  values: ChannelFormValues,
  multiKey: boolean,
): ChannelUpdateRequest {
  const { key, ...form } = channelFormOf(values);
  return {
    id,
    ...form,
    ...(key ? { key } : {}),
    ...(multiKey ? { multi_key_mode: values.multi_key_mode } : {}),
  };
}

/**
 * The first rule of spec §5 the form breaks (the same checks as the server's), or null.
 * `keyStored`: editing a channel that already has a key, so an empty key is fine.
 */
export function formIssue(values: ChannelFormValues, keyStored: boolean): ChannelIssue | null {
  const form = channelFormOf(values);
  const keys = keysOf(values);
  const draftIssue = channelDraftIssue({
    type: values.type,
    name: form.name ?? '',
    hasKey: keyStored || keys.length > 0,
    models: splitCommaList(form.models ?? ''),
    groups: splitCommaList(form.group ?? ''),
    base_url: form.base_url ?? '',
    other: form.other ?? '',
    model_mapping: form.model_mapping ?? '',
    status_code_mapping: form.status_code_mapping ?? '',
    setting: form.setting ?? '',
    param_override: form.param_override ?? '',
    header_override: form.header_override ?? '',
  });
  if (draftIssue) return draftIssue;
  for (const key of keys) {
    const issue = channelKeyIssue(values.type, key);
    if (issue) return issue;
  }
  return channelPriorityIssue(values.priority) ?? channelWeightIssue(values.weight);
}
