import { type MessageLanguage } from '../options/option-messages';

/** Midjourney Proxy (2), Midjourney Proxy Plus (5) and Suno (36) answer no chat call a test could make. */
export const UNTESTABLE_CHANNEL_TYPES: readonly number[] = [2, 5, 36];

export const isTestableChannelType = (type: number): boolean => !UNTESTABLE_CHANNEL_TYPES.includes(type);

/** GET /api/channel/test/{id}: the envelope itself says how the test went; `time` in seconds. */
export interface ChannelTestAnswer {
  success: boolean;
  message: string;
  time: number;
}

/** GET /api/channel/update_balance/{id}/: the balance in the provider's unit (US$, or CNY for DeepSeek/SiliconFlow). */
export interface ChannelBalanceAnswer {
  success: boolean;
  message: string;
  balance: number;
}

/** Progress of "test all channels" or "update all balances", readable from any replica. */
export interface ChannelOpsProgress {
  running: boolean;
  total: number;
  /** Channels handled so far: succeeded + failed + skipped. */
  done: number;
  succeeded: number;
  failed: number;
  /** Not applicable (untestable type, no balance query for the type) or busy with another test. */
  skipped: number;
  /** Epoch seconds; 0 = never run. */
  started_at: number;
  finished_at: number;
  /** Running, but no worker process consumes the queue (none running, or all gone): nothing will advance. */
  waiting_for_worker: boolean;
}

export const IDLE_PROGRESS: ChannelOpsProgress = Object.freeze({
  running: false,
  total: 0,
  done: 0,
  succeeded: 0,
  failed: 0,
  skipped: 0,
  started_at: 0,
  finished_at: 0,
  waiting_for_worker: false,
});

/** POST /api/channel/fetch_models: the channel being added (key = its first key). */
export interface FetchModelsRequest {
  type: number;
  key: string;
  base_url?: string;
}

export const CHANNEL_OPS_ISSUE_CODES = [
  'test_already_running',
  'test_all_already_running',
  'balance_all_already_running',
  'type_not_testable',
  'test_threshold_exceeded',
  'test_failed',
  'balance_not_supported',
  'balance_failed',
  'key_required',
  'fetch_models_not_supported',
  'fetch_models_failed',
] as const;

export type ChannelOpsIssueCode = (typeof CHANNEL_OPS_ISSUE_CODES)[number];

/** Texts of channel tests, balances and model fetching; `{name}` is filled from the params. */
export const CHANNEL_OPS_MESSAGES: Readonly<
  Record<ChannelOpsIssueCode, Readonly<Record<MessageLanguage, string>>>
> = {
  test_already_running: { en: 'Channel test already running', zh: '该渠道的测试正在进行中' },
  test_all_already_running: {
    en: 'Channel test already running, please wait for it to finish',
    zh: '渠道测试正在进行中，请等待完成',
  },
  balance_all_already_running: {
    en: 'Balances are already being updated, please wait for it to finish',
    zh: '余额正在更新中，请等待完成',
  },
  type_not_testable: {
    en: 'Channels of type {type} cannot be tested',
    zh: '该类型（{type}）的渠道不支持测试',
  },
  test_threshold_exceeded: {
    en: 'Channel test exceeds response time threshold: {time}s > {threshold}s',
    zh: '渠道测试超过响应时间阈值：{time} 秒 > {threshold} 秒',
  },
  test_failed: { en: 'Test failed: {reason}', zh: '测试失败：{reason}' },
  balance_not_supported: {
    en: 'Balance query is not implemented for channels of type {type}',
    zh: '尚未实现该类型（{type}）渠道的余额查询',
  },
  balance_failed: { en: 'Balance query failed: {reason}', zh: '余额查询失败：{reason}' },
  key_required: { en: 'Please enter the key', zh: '请填写密钥' },
  fetch_models_not_supported: {
    en: 'Fetching the model list is not supported yet for channels of type {type}',
    zh: '暂不支持获取该类型（{type}）渠道的模型列表',
  },
  fetch_models_failed: {
    en: 'Failed to fetch the model list: {reason}',
    zh: '获取模型列表失败：{reason}',
  },
};
