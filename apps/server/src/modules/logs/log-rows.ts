import { LogType } from '@tollgate/contracts';
import { type LogsService } from './logs.service';

// The log rows of calls to providers: a consumption (type 2) or an error (type 6), built from what the call
// knew. Billing carries them to the table (with a charge in QuotaLedger's journal, or in UsageRecorder's buffer).

/** The `other` JSON of a consumption log row (spec 001 §3 Log entry, reference §3.6). */
export interface ConsumptionOther {
  model_ratio: number;
  completion_ratio: number;
  group_ratio: number;
  /** US$ per call; -1 when the call was priced by ratios. */
  model_price: number;
  cache_tokens: number;
  cache_ratio: number;
  cache_creation_tokens?: number;
  cache_creation_ratio?: number;
  /** Milliseconds to the first byte (streams) or to the whole answer. */
  frt: number;
  is_model_mapped?: boolean;
  upstream_model_name?: string;
  reasoning_effort?: string;
  /** Set on Anthropic-style calls whose input excludes cached tokens. */
  claude?: boolean;
  user_group_ratio?: number;
  request_path?: string;
  request_id: string;
  /** Admin-only details; user-facing reads drop them. */
  admin_info: { use_channel: string[] };
  /** The conversation, when LogChatContentEnabled is on (chat calls only). */
  system_prompt?: string;
  context?: string;
  input_content?: string;
  output_content?: string;
}

/** One type-2 log row: every field of spec 001 §3 Log entry the relay knows. */
export interface ConsumptionLog {
  userId: number;
  username: string;
  /** 0 for playground calls. */
  tokenId: number;
  tokenName: string;
  modelName: string;
  group: string;
  channelId: number;
  isStream: boolean;
  /** Whole seconds. */
  useTime: number;
  promptTokens: number;
  completionTokens: number;
  quota: number;
  content: string;
  ip?: string;
  other: ConsumptionOther;
}

export type LogRow = Parameters<LogsService['recordMany']>[0][number];

// Names the caller controls (the model) or derives (playground-<group>) must fit their columns: one row too
// long would make the whole batch fail.
const MODEL_NAME_MAX = 255;
const TOKEN_NAME_MAX = 50;

// PostgreSQL text cannot hold U+0000, and a caller may send it in a model name: one such row would be refused.
const storable = (text: string): string => text.replaceAll('\u0000', '');

/** The row of a consumption event; `other` is stored as JSON text. */
export function consumptionRow(entry: ConsumptionLog, createdAt: number): LogRow {
  return {
    type: LogType.Consume,
    createdAt,
    userId: entry.userId,
    username: entry.username,
    tokenId: entry.tokenId,
    tokenName: storable(entry.tokenName).slice(0, TOKEN_NAME_MAX),
    modelName: storable(entry.modelName).slice(0, MODEL_NAME_MAX),
    group: entry.group,
    channel: entry.channelId,
    isStream: entry.isStream,
    useTime: entry.useTime,
    promptTokens: entry.promptTokens,
    completionTokens: entry.completionTokens,
    quota: entry.quota,
    content: storable(entry.content),
    ip: entry.ip ?? '',
    other: JSON.stringify(entry.other),
  };
}

/** `other` of an error row (type 6): reference §3.6 error rows; channel fields only when a channel answered. */
export interface ErrorLogOther {
  error_type: string;
  error_code: string;
  status_code: number;
  channel_id?: number;
  channel_name?: string;
  channel_type?: number;
  request_path: string;
  request_id: string;
  /** Admin-only details; user-facing reads drop them. */
  admin_info: { use_channel: string[] };
}

/** A relay failure that reached the caller, as its type-6 log row records it. */
export interface ErrorLog extends Omit<
  ConsumptionLog,
  'promptTokens' | 'completionTokens' | 'quota' | 'ip' | 'other'
> {
  /** '' when the request failed before its model was read; the message the caller got is the content. */
  modelName: string;
  /** 0 when no channel was involved (a gateway refusal). */
  channelId: number;
  ip: string;
  other: ErrorLogOther;
}

/** The row of an error event; `other` is stored as JSON text. */
export function errorRow(entry: ErrorLog, createdAt: number): LogRow {
  return {
    type: LogType.Error,
    createdAt,
    userId: entry.userId,
    username: entry.username,
    tokenId: entry.tokenId,
    tokenName: storable(entry.tokenName).slice(0, TOKEN_NAME_MAX),
    modelName: storable(entry.modelName).slice(0, MODEL_NAME_MAX),
    group: entry.group,
    channel: entry.channelId,
    isStream: entry.isStream,
    useTime: entry.useTime,
    promptTokens: 0,
    completionTokens: 0,
    quota: 0,
    content: storable(entry.content),
    ip: entry.ip,
    other: JSON.stringify(entry.other),
  };
}
