import { type Page } from '../envelope';

/** 1 enabled; 2 disabled by an administrator; 3 disabled automatically (reason in other_info). */
export const ChannelStatus = {
  Enabled: 1,
  ManuallyDisabled: 2,
  AutoDisabled: 3,
} as const;
export type ChannelStatus = (typeof ChannelStatus)[keyof typeof ChannelStatus];

export const MULTI_KEY_MODES = ['random', 'polling'] as const;
export type MultiKeyMode = (typeof MULTI_KEY_MODES)[number];

/** How POST /api/channel/ turns the key text into channels. */
export const CHANNEL_ADD_MODES = ['single', 'batch', 'multi_to_single'] as const;
export type ChannelAddMode = (typeof CHANNEL_ADD_MODES)[number];

/** Multi-key state of a channel (all zero values for an ordinary one-key channel). */
export interface ChannelInfo {
  is_multi_key: boolean;
  multi_key_size: number;
  /** Key index → status; an index that is missing is enabled. */
  multi_key_status_list: Record<string, number>;
  multi_key_polling_index: number;
  multi_key_mode: MultiKeyMode;
}

/** Why and when a channel was disabled (JSON text in `other_info`). */
export interface ChannelOtherInfo {
  status_reason?: string;
  status_time?: number;
}

/**
 * A channel as the console sees it. The upstream key is never sent: `has_key` says whether one is stored
 * and `key_count` how many (several for a multi-key channel).
 */
export interface ChannelView {
  id: number;
  type: number;
  name: string;
  has_key: boolean;
  key_count: number;
  openai_organization: string;
  max_input_tokens: number;
  base_url: string;
  other: string;
  /** JSON text fields ('' = none). */
  model_mapping: string;
  status_code_mapping: string;
  setting: string;
  param_override: string;
  header_override: string;
  /** Comma-joined lists. */
  models: string;
  group: string;
  auto_ban: number;
  test_model: string;
  priority: number;
  weight: number;
  tag: string;
  model_prefix: string;
  status: number;
  /** Milliseconds of the last test; 0 = untested. */
  response_time: number;
  balance: number;
  used_quota: number;
  /** JSON text of ChannelOtherInfo. */
  other_info: string;
  channel_info: ChannelInfo;
  created_time: number;
  test_time: number;
  balance_updated_time: number;
}

/** Create / full-update body. On update an empty or absent key keeps the stored one. */
export interface ChannelForm {
  type?: number;
  name?: string;
  key?: string;
  openai_organization?: string;
  max_input_tokens?: number;
  base_url?: string;
  other?: string;
  model_mapping?: string;
  status_code_mapping?: string;
  setting?: string;
  param_override?: string;
  header_override?: string;
  models?: string;
  group?: string;
  auto_ban?: number;
  test_model?: string;
  priority?: number;
  weight?: number;
  tag?: string;
  model_prefix?: string;
  status?: number;
}

/**
 * POST /api/channel/: either `{mode, multi_key_mode, channel: {...}}` or a plain channel form
 * (mode defaults to single). batch = one channel per key line; multi_to_single = one channel holding every key.
 */
export interface ChannelAddRequest extends ChannelForm {
  mode?: ChannelAddMode;
  multi_key_mode?: MultiKeyMode;
  channel?: ChannelForm;
}

export interface ChannelAddAnswer {
  ids: number[];
}

/** PUT /api/channel/: the id plus the fields to change (id+status, id+priority, id+weight or a full form). */
export interface ChannelUpdateRequest extends ChannelForm {
  id: number;
  multi_key_mode?: MultiKeyMode;
}

/** GET /api/channel/ and /api/channel/search. `type_counts` counts matches per type, ignoring `type`. */
export interface ChannelListAnswer extends Page<ChannelView> {
  type_counts: Record<string, number>;
}

export interface ChannelListQuery {
  p?: number;
  page_size?: number;
  id_sort?: boolean;
  /** Page over tags: a tag (or an untagged channel) is one row; items hold every channel of the page's tags. */
  tag_mode?: boolean;
  type?: number;
}

export interface ChannelSearchQuery extends ChannelListQuery {
  keyword?: string;
  group?: string;
  model?: string;
}

export interface ChannelIdsRequest {
  ids: number[];
}

export interface ChannelBatchTagRequest {
  ids: number[];
  tag: string;
}

/** PUT /api/channel/tag: a field that is absent or '' is left as it is. */
export interface ChannelTagEditRequest {
  tag: string;
  new_tag?: string;
  model_mapping?: string;
  groups?: string;
  models?: string;
  priority?: number;
  weight?: number;
}

export interface ChannelTagRequest {
  tag: string;
}

/** GET /api/channel/models. */
export interface ChannelModelEntry {
  id: string;
}
