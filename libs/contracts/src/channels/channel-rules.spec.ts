import { CHANNEL_ISSUE_CODES, CHANNEL_ISSUE_MESSAGES } from './channel-messages';
import {
  type ChannelDraft,
  channelDraftIssue,
  channelJsonFieldIssue,
  channelKeyIssue,
  channelPriorityIssue,
  channelStatusIssue,
  channelTypeRelayedIssue,
  channelWeightIssue,
  parseFormInteger,
  splitCommaList,
  stripTrailingSlashes,
  vertexRegionIssue,
} from './channel-rules';
import { CHANNEL_TYPES, RELAYED_CHANNEL_TYPES, channelTypeInfo } from './channel-types';

const draft = (overrides: Partial<ChannelDraft> = {}): ChannelDraft => ({
  type: 1,
  name: 'main',
  hasKey: true,
  models: ['gpt-4o'],
  groups: ['default'],
  base_url: '',
  other: '',
  model_mapping: '',
  status_code_mapping: '',
  setting: '',
  param_override: '',
  header_override: '',
  ...overrides,
});

describe('channel type catalogue', () => {
  it('lists every provider id once, up to 57, without the unused ids', () => {
    const ids = CHANNEL_TYPES.map((info) => info.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.max(...ids)).toBe(57);
    for (const unused of [0, 28, 29, 30, 32]) expect(channelTypeInfo(unused)).toBeUndefined();
    expect(ids).toHaveLength(53);
  });

  it('gives https default URLs, or none where the operator must supply one', () => {
    expect(channelTypeInfo(1)?.defaultBaseUrl).toBe('https://api.openai.com');
    expect(channelTypeInfo(4)?.defaultBaseUrl).toBe('http://localhost:11434');
    for (const info of CHANNEL_TYPES) {
      if (info.baseUrlRequired) expect(info.defaultBaseUrl).toBe('');
      else if (info.defaultBaseUrl) expect(info.defaultBaseUrl).toMatch(/^https?:\/\/[^/]/);
    }
    expect(channelTypeInfo(18)?.otherDefault).toBe('v2.1');
    expect(channelTypeInfo(15)?.keyFormat).toBe('APIKey|SecretKey');
  });

  it('offers new channels only the types the relay serves (Suno and Midjourney included)', () => {
    const offered = RELAYED_CHANNEL_TYPES.map((info) => info.id);
    expect(offered).toHaveLength(36);
    for (const id of [1, 2, 3, 5, 8, 14, 24, 33, 36, 41, 43, 46]) expect(offered).toContain(id);
    for (const id of [11, 15, 16, 18, 23, 34, 37, 49, 55, 57]) expect(offered).not.toContain(id);
    expect(offered).toEqual(CHANNEL_TYPES.filter((info) => info.relayed).map((info) => info.id));
  });
});

describe('channel rules', () => {
  it('splits comma lists: trimmed, no empties, no repeats', () => {
    expect(splitCommaList(' gpt-4o, ,gpt-4o-mini,gpt-4o ,')).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(splitCommaList('')).toEqual([]);
  });

  it('strips trailing slashes', () => {
    expect(stripTrailingSlashes(' https://a.example/v1// ')).toBe('https://a.example/v1');
  });

  it('reads integers from numbers or digits only', () => {
    expect(parseFormInteger(5)).toBe(5);
    expect(parseFormInteger('-12')).toBe(-12);
    expect(parseFormInteger(1.5)).toBeNull();
    expect(parseFormInteger('1e3')).toBeNull();
    expect(parseFormInteger(true)).toBeNull();
    expect(parseFormInteger(2 ** 40)).toBeNull();
  });

  it('checks priority, weight and status', () => {
    expect(channelPriorityIssue(-999)).toBeNull();
    expect(channelPriorityIssue(-1000)?.code).toBe('priority_too_low');
    expect(channelPriorityIssue('x')?.code).toBe('priority_not_integer');
    expect(channelWeightIssue(0)).toBeNull();
    expect(channelWeightIssue(-1)?.code).toBe('weight_invalid');
    expect(channelWeightIssue(0.5)?.code).toBe('weight_invalid');
    expect(channelStatusIssue(2)).toBeNull();
    expect(channelStatusIssue(3)?.code).toBe('status_invalid');
  });

  it('checks JSON fields by what they must hold', () => {
    expect(channelJsonFieldIssue('model_mapping', '')).toBeNull();
    expect(channelJsonFieldIssue('model_mapping', '{"a":"b"}')).toBeNull();
    expect(channelJsonFieldIssue('model_mapping', '{"a":1}')?.code).toBe('model_mapping_invalid');
    expect(channelJsonFieldIssue('setting', '[1]')?.code).toBe('setting_invalid');
    expect(channelJsonFieldIssue('param_override', '{oops')?.code).toBe('param_override_invalid');
    expect(channelJsonFieldIssue('status_code_mapping', '{"400":"500"}')).toBeNull();
    expect(channelJsonFieldIssue('status_code_mapping', '{"400":"oops"}')?.code).toBe(
      'status_code_mapping_invalid',
    );
    expect(channelJsonFieldIssue('header_override', '{"X-A":{"b":1}}')?.code).toBe('header_override_invalid');
  });

  it('checks Vertex regions and key formats', () => {
    expect(vertexRegionIssue('us-central1')).toBeNull();
    expect(vertexRegionIssue('')?.code).toBe('region_required');
    expect(vertexRegionIssue('{"default":"us-central1"}')).toBeNull();
    expect(vertexRegionIssue('{"gemini":"us"}')?.code).toBe('region_invalid');
    expect(vertexRegionIssue('{oops')?.code).toBe('region_invalid');
    expect(channelKeyIssue(15, 'a|b')).toBeNull();
    expect(channelKeyIssue(15, 'a')).toEqual({
      code: 'key_format_invalid',
      params: { format: 'APIKey|SecretKey' },
    });
    expect(channelKeyIssue(33, 'a||c')?.code).toBe('key_format_invalid');
    expect(channelKeyIssue(41, '{"type":"service_account"}')).toBeNull();
    expect(channelKeyIssue(41, 'sk-plain')?.code).toBe('vertex_key_invalid');
    expect(channelKeyIssue(1, 'anything')).toBeNull();
  });

  it('names the type a new channel may not have', () => {
    expect(channelTypeRelayedIssue(18)).toEqual({
      code: 'type_not_relayed',
      params: { name: 'iFlytek Spark' },
    });
    expect(channelTypeRelayedIssue(11)?.code).toBe('type_not_relayed');
    expect(channelTypeRelayedIssue(36)).toBeNull();
    expect(channelTypeRelayedIssue(2)).toBeNull();
    expect(channelTypeRelayedIssue(1)).toBeNull();
    expect(channelTypeRelayedIssue(29)).toBeNull();
  });

  it('reports the first broken rule of a draft in spec order', () => {
    expect(channelDraftIssue(draft())).toBeNull();
    expect(channelDraftIssue(draft({ type: 29 }))?.code).toBe('unknown_type');
    expect(channelDraftIssue(draft({ name: ' ', models: [] }))?.code).toBe('name_and_key_required');
    expect(channelDraftIssue(draft({ hasKey: false }))?.code).toBe('name_and_key_required');
    expect(channelDraftIssue(draft({ models: [] }))?.code).toBe('models_required');
    expect(channelDraftIssue(draft({ models: ['m'.repeat(256)] }))?.code).toBe('model_name_too_long');
    expect(channelDraftIssue(draft({ groups: [] }))?.code).toBe('groups_required');
    expect(channelDraftIssue(draft({ groups: ['g'.repeat(65)] }))?.code).toBe('group_name_too_long');
    expect(channelDraftIssue(draft({ type: 3 }))?.code).toBe('base_url_required');
    expect(channelDraftIssue(draft({ base_url: 'ftp://x' }))?.code).toBe('base_url_invalid');
    expect(channelDraftIssue(draft({ type: 41 }))?.code).toBe('region_required');
    expect(channelDraftIssue(draft({ setting: 'nope' }))?.code).toBe('setting_invalid');
  });

  it('has English and Chinese text for every issue, spec texts verbatim', () => {
    for (const code of CHANNEL_ISSUE_CODES) {
      expect(CHANNEL_ISSUE_MESSAGES[code].en).toBeTruthy();
      expect(CHANNEL_ISSUE_MESSAGES[code].zh).toBeTruthy();
    }
    expect(CHANNEL_ISSUE_MESSAGES.name_and_key_required.zh).toBe('请填写渠道名称和渠道密钥！');
    expect(CHANNEL_ISSUE_MESSAGES.channel_not_found.zh).toBe('渠道未找到，请刷新页面后重试');
  });
});
