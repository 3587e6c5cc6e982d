import {
  type ChannelForm,
  ChannelStatus,
  ChannelType,
  channelDraftIssue,
  channelPriorityIssue,
  channelStatusIssue,
  channelTypeInfo,
  channelTypeRelayedIssue,
  channelWeightIssue,
  parseFormInteger,
  splitCommaList,
  stripTrailingSlashes,
} from '@tollgate/contracts';
import { type ChannelEntity } from './channel.entity';
import { refuse } from './channels.errors';

/** The columns an administrator edits through the channel form. */
export type ChannelFields = Pick<
  ChannelEntity,
  | 'type'
  | 'name'
  | 'openaiOrganization'
  | 'maxInputTokens'
  | 'baseUrl'
  | 'other'
  | 'modelMapping'
  | 'statusCodeMapping'
  | 'setting'
  | 'paramOverride'
  | 'headerOverride'
  | 'models'
  | 'group'
  | 'autoBan'
  | 'testModel'
  | 'priority'
  | 'weight'
  | 'tag'
  | 'modelPrefix'
  | 'status'
>;

const DEFAULTS: ChannelFields = {
  type: ChannelType.OpenAI,
  name: '',
  openaiOrganization: '',
  maxInputTokens: 0,
  baseUrl: '',
  other: '',
  modelMapping: '',
  statusCodeMapping: '',
  setting: '',
  paramOverride: '',
  headerOverride: '',
  models: '',
  group: '',
  autoBan: 1,
  testModel: '',
  priority: 0,
  weight: 0,
  tag: '',
  modelPrefix: '',
  status: ChannelStatus.Enabled,
};

/** The form as it arrives: priority, weight and status are checked here so the spec's messages are used. */
export type ChannelFormInput = Omit<ChannelForm, 'priority' | 'weight' | 'status'> & {
  priority?: unknown;
  weight?: unknown;
  status?: unknown;
};

const text = (value: string | undefined, current: string): string => (value ?? current).trim();
const list = (value: string | undefined, current: string): string =>
  value === undefined ? current : splitCommaList(value).join(',');
const given = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * Merges a create/update form over the stored channel (absent fields keep their value), normalises it
 * (comma lists, trailing slashes, type defaults) and checks the spec §5 rules. Throws the first refusal.
 */
export function resolveChannelFields(
  form: ChannelFormInput,
  stored: ChannelFields | null,
  hasKey: boolean,
): ChannelFields {
  const current = stored ?? DEFAULTS;
  const type = form.type ?? current.type;
  const fields: ChannelFields = {
    type,
    name: text(form.name, current.name),
    openaiOrganization: text(form.openai_organization, current.openaiOrganization),
    maxInputTokens: form.max_input_tokens ?? current.maxInputTokens,
    baseUrl: stripTrailingSlashes(form.base_url ?? current.baseUrl),
    other: text(form.other, current.other) || (channelTypeInfo(type)?.otherDefault ?? ''),
    modelMapping: text(form.model_mapping, current.modelMapping),
    statusCodeMapping: text(form.status_code_mapping, current.statusCodeMapping),
    setting: text(form.setting, current.setting),
    paramOverride: text(form.param_override, current.paramOverride),
    headerOverride: text(form.header_override, current.headerOverride),
    models: list(form.models, current.models),
    group: list(form.group, current.group),
    autoBan: form.auto_ban ?? current.autoBan,
    testModel: text(form.test_model, current.testModel),
    priority: current.priority,
    weight: current.weight,
    tag: text(form.tag, current.tag),
    modelPrefix: text(form.model_prefix, current.modelPrefix),
    status: current.status,
  };
  // A full form from the console echoes the stored status (possibly 3): only a change is checked.
  const statusChange = given(form.status) && form.status !== current.status;
  // A stored channel keeps a type the relay no longer offers, so it can still be renamed or switched off.
  const typeChange = stored === null || fields.type !== stored.type;
  refuse(
    typeChange ? channelTypeRelayedIssue(fields.type) : null,
    channelDraftIssue({
      type: fields.type,
      name: fields.name,
      hasKey,
      models: splitCommaList(fields.models),
      groups: splitCommaList(fields.group),
      base_url: fields.baseUrl,
      other: fields.other,
      model_mapping: fields.modelMapping,
      status_code_mapping: fields.statusCodeMapping,
      setting: fields.setting,
      param_override: fields.paramOverride,
      header_override: fields.headerOverride,
    }),
    given(form.priority) ? channelPriorityIssue(form.priority) : null,
    given(form.weight) ? channelWeightIssue(form.weight) : null,
    statusChange ? channelStatusIssue(form.status) : null,
  );
  return {
    ...fields,
    priority: parseFormInteger(form.priority) ?? current.priority,
    weight: parseFormInteger(form.weight) ?? current.weight,
    status: statusChange ? (form.status as number) : current.status,
  };
}
