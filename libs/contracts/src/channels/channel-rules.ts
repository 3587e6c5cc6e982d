import { isHttpUrl } from '../options/option-formats';
import { type ChannelIssue, type ChannelIssueCode, channelIssue } from './channel-messages';
import { ChannelType, channelTypeInfo } from './channel-types';
import { ChannelStatus } from './channel-wire';

export const MIN_CHANNEL_PRIORITY = -999;
export const MAX_MODEL_NAME_LENGTH = 255;
export const MAX_GROUP_NAME_LENGTH = 64;
// Priority and weight are stored as 32-bit integers.
const MAX_INT32 = 2_147_483_647;

/** Comma lists (models, groups) on the wire: trimmed, without empties or repeats, first order kept. */
export const splitCommaList = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  ),
];

export const stripTrailingSlashes = (url: string): string => url.trim().replace(/\/+$/, '');

/** A whole number given as a number or as digits (form inputs); null for anything else. */
export const parseFormInteger = (value: unknown): number | null => {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)
        ? +value
        : NaN;
  return Number.isInteger(number) && Math.abs(number) <= MAX_INT32 ? number : null;
};

export const channelPriorityIssue = (value: unknown): ChannelIssue | null => {
  const priority = parseFormInteger(value);
  if (priority === null) return channelIssue('priority_not_integer');
  return priority < MIN_CHANNEL_PRIORITY ? channelIssue('priority_too_low') : null;
};

export const channelWeightIssue = (value: unknown): ChannelIssue | null => {
  const weight = parseFormInteger(value);
  return weight === null || weight < 0 ? channelIssue('weight_invalid') : null;
};

/** Administrators only switch a channel on (1) or off (2); 3 is set by the automatic disabling. */
export const channelStatusIssue = (value: unknown): ChannelIssue | null =>
  value === ChannelStatus.Enabled || value === ChannelStatus.ManuallyDisabled
    ? null
    : channelIssue('status_invalid');

export type ChannelJsonField =
  'model_mapping' | 'status_code_mapping' | 'setting' | 'param_override' | 'header_override';

const isStatusCode = (value: unknown): boolean => /^[1-5]\d\d$/.test(String(value));

// What each JSON field must hold beyond being an object, so the relay can rely on it.
const ENTRY_RULES: Record<ChannelJsonField, (key: string, value: unknown) => boolean> = {
  model_mapping: (_key, value) => typeof value === 'string',
  status_code_mapping: (key, value) =>
    isStatusCode(key) && (typeof value === 'string' || typeof value === 'number') && isStatusCode(value),
  setting: () => true,
  param_override: () => true,
  header_override: (_key, value) => typeof value === 'string',
};

const parseObject = (text: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/** '' means "none"; anything else must be a JSON object whose entries fit the field. */
export const channelJsonFieldIssue = (field: ChannelJsonField, text: string): ChannelIssue | null => {
  if (text.trim() === '') return null;
  const object = parseObject(text);
  const valid =
    object !== null && Object.entries(object).every(([key, value]) => ENTRY_RULES[field](key, value));
  return valid ? null : channelIssue(`${field}_invalid` satisfies ChannelIssueCode);
};

/**
 * A new channel, or one moved to another type, must have a type the relay serves; a channel stored before
 * with a type it does not serve stays editable under that type. Unknown types are `unknown_type`'s.
 */
export const channelTypeRelayedIssue = (type: number): ChannelIssue | null => {
  const info = channelTypeInfo(type);
  return info && !info.relayed ? channelIssue('type_not_relayed', { name: info.name }) : null;
};

/** Vertex AI: `other` is a region, or JSON {"default": region, "<model>": region} when it starts with `{`. */
export const vertexRegionIssue = (other: string): ChannelIssue | null => {
  const text = other.trim();
  if (text === '') return channelIssue('region_required');
  if (!text.startsWith('{')) return null;
  const regions = parseObject(text);
  const valid = regions !== null && typeof regions.default === 'string' && regions.default !== '';
  return valid ? null : channelIssue('region_invalid');
};

/** One upstream key in the format its type needs (`APIKey|SecretKey`, a service-account JSON, …). */
export const channelKeyIssue = (type: number, key: string): ChannelIssue | null => {
  if (type === ChannelType.VertexAi) return parseObject(key) ? null : channelIssue('vertex_key_invalid');
  const info = channelTypeInfo(type);
  if (!info || info.keyParts === 0) return null;
  const parts = key.split('|');
  const valid = parts.length === info.keyParts && parts.every((part) => part.trim() !== '');
  return valid ? null : channelIssue('key_format_invalid', { format: info.keyFormat });
};

/** At least one model, each short enough for the routing index. */
export const channelModelsIssue = (models: readonly string[]): ChannelIssue | null => {
  if (models.length === 0) return channelIssue('models_required');
  const model = models.find((name) => name.length > MAX_MODEL_NAME_LENGTH);
  return model ? channelIssue('model_name_too_long', { model }) : null;
};

/** At least one group, each no longer than a user's group name. */
export const channelGroupsIssue = (groups: readonly string[]): ChannelIssue | null => {
  if (groups.length === 0) return channelIssue('groups_required');
  const group = groups.find((name) => name.length > MAX_GROUP_NAME_LENGTH);
  return group ? channelIssue('group_name_too_long', { group }) : null;
};

/** A channel form after list splitting and trimming, as both the console and the server check it. */
export interface ChannelDraft {
  type: number;
  name: string;
  hasKey: boolean;
  models: string[];
  groups: string[];
  base_url: string;
  other: string;
  model_mapping: string;
  status_code_mapping: string;
  setting: string;
  param_override: string;
  header_override: string;
}

const JSON_FIELDS: readonly ChannelJsonField[] = [
  'model_mapping',
  'status_code_mapping',
  'setting',
  'param_override',
  'header_override',
];

/** The first rule of spec §5 the draft breaks, in the order the console reports them; null when it is fine. */
export function channelDraftIssue(draft: ChannelDraft): ChannelIssue | null {
  const info = channelTypeInfo(draft.type);
  if (!info) return channelIssue('unknown_type', { type: draft.type });
  if (draft.name.trim() === '' || !draft.hasKey) return channelIssue('name_and_key_required');
  const listIssue = channelModelsIssue(draft.models) ?? channelGroupsIssue(draft.groups);
  if (listIssue) return listIssue;
  if (draft.base_url === '' && info.baseUrlRequired) return channelIssue('base_url_required');
  if (draft.base_url !== '' && !isHttpUrl(draft.base_url)) return channelIssue('base_url_invalid');
  // Only Vertex AI requires `other`: it is the region there.
  if (info.otherRequired) {
    const issue = vertexRegionIssue(draft.other);
    if (issue) return issue;
  }
  for (const field of JSON_FIELDS) {
    const issue = channelJsonFieldIssue(field, draft[field]);
    if (issue) return issue;
  }
  return null;
}
