import { PAGE_SIZE_OPTIONS, type Page } from './envelope';

/** Log entry types (spec 001 §3). Ours: 5 check-in, 6 error (upstream numbers differ). */
export const LogType = {
  Unknown: 0,
  TopUp: 1,
  Consume: 2,
  Manage: 3,
  System: 4,
  CheckIn: 5,
  Error: 6,
} as const;
export type LogType = (typeof LogType)[keyof typeof LogType];

/** The console's type filter, in its order; `Unknown` (0) means "all types" in a query. */
export const LOG_TYPE_FILTERS = [
  LogType.Unknown,
  LogType.TopUp,
  LogType.Consume,
  LogType.Manage,
  LogType.System,
  LogType.CheckIn,
  LogType.Error,
] as const;

/**
 * Page sizes of the log table (spec 001 §9: the same as every list's; default DEFAULT_PAGE_SIZE). A `page_size` above
 * MAX_PAGE_SIZE, or a `p` below 1, is refused with a message.
 */
export const LOG_PAGE_SIZE_OPTIONS = PAGE_SIZE_OPTIONS;
/** Local storage key of the column settings dialog (spec 001 §9). */
export const LOG_TABLE_COLUMNS_STORAGE_KEY = 'logs-table-columns';
/** RPM and TPM count the consumption rows of the last this many seconds (reference §10). */
export const LOG_RATE_WINDOW_SECONDS = 60;
/**
 * `total` is counted exactly up to this many rows; above, it is the database's estimate and `total_exact` is false
 * (the console may then show "about N").
 */
export const LOG_EXACT_TOTAL_LIMIT = 10_000;
/** Option key: days log rows are kept (0 = forever, the default); a daily job deletes older rows. */
export const LOG_RETENTION_OPTION = 'LogRetentionDays';

/** Routes of the log API (all under /api). */
export const LOG_ROUTES = {
  /** GET (admin) a page of every user's rows; DELETE (admin) rows older than `target_timestamp`. */
  all: '/api/log/',
  /** GET a page of the caller's own rows. */
  self: '/api/log/self/',
  /** GET (admin) the stat of every user's rows. */
  stat: '/api/log/stat',
  /** GET the stat of the caller's own rows. */
  selfStat: '/api/log/self/stat',
} as const;

/**
 * The `other` object of a log row (spec 001 §3 Log entry, reference §3.6). Which fields are present depends on the
 * row's type and the call: consumption rows carry the ratios and timings, error rows the error fields; top-up,
 * management, system and check-in rows usually carry none.
 */
export interface LogOther {
  model_ratio?: number;
  completion_ratio?: number;
  group_ratio?: number;
  /** Set when a user-group × using-group ratio replaced the group ratio. */
  user_group_ratio?: number;
  /** US$ per call; -1 (or absent) when the call was priced by ratios. */
  model_price?: number;
  cache_tokens?: number;
  cache_ratio?: number;
  cache_creation_tokens?: number;
  cache_creation_ratio?: number;
  /** Milliseconds to the first byte (streams) or to the whole answer. */
  frt?: number;
  is_model_mapped?: boolean;
  /** The model the channel was asked for, when the mapping changed it. */
  upstream_model_name?: string;
  reasoning_effort?: string;
  /** Anthropic-style usage: the input excludes cached tokens. */
  claude?: boolean;
  audio?: boolean;
  ws?: boolean;
  audio_input?: number;
  audio_output?: number;
  text_input?: number;
  text_output?: number;
  audio_ratio?: number;
  audio_completion_ratio?: number;
  request_path?: string;
  /** The id the caller got in `X-Request-Id` / the error body. */
  request_id?: string;
  /** The conversation, when LogChatContentEnabled was on (chat calls only). */
  system_prompt?: string;
  context?: string;
  input_content?: string;
  output_content?: string;
  /** Error rows (type 6). */
  error_type?: string;
  error_code?: string;
  status_code?: number;
  /** Admin only: which channel answered an error row. */
  channel_id?: number;
  channel_name?: string;
  channel_type?: number;
  /** Admin only: the channels tried, in order (the retry chain), as id strings. */
  admin_info?: { use_channel: string[] };
}

/** `other` fields that name a channel: never sent on the caller's own view (`/api/log/self/`). */
export const LOG_ADMIN_ONLY_OTHER_FIELDS = [
  'admin_info',
  'channel_id',
  'channel_name',
  'channel_type',
] as const;

/** One log row on the wire (GET /api/log/ and /api/log/self/). */
export interface LogItem {
  id: number;
  /** Epoch seconds. */
  created_at: number;
  type: LogType;
  content: string;
  username: string;
  user_id: number;
  token_name: string;
  /** 0 for playground calls and rows not made by a token. */
  token_id: number;
  model_name: string;
  group: string;
  is_stream: boolean;
  /** Whole seconds the call took. */
  use_time: number;
  prompt_tokens: number;
  completion_tokens: number;
  quota: number;
  ip: string;
  other: LogOther;
  /** Admin only: the channel id (0 = none). */
  channel?: number;
  /** Admin only: that channel's current name ('' when it is gone or there was none). */
  channel_name?: string;
}

/** The answer of a page of log rows; newest first. */
export interface LogPage extends Page<LogItem> {
  /** false when `total` is an estimate (more than LOG_EXACT_TOTAL_LIMIT rows match). */
  total_exact: boolean;
}

/** Filters of the caller's own view and stat; every field optional. Timestamps in epoch seconds, inclusive. */
export interface LogFilters {
  /** 0 or absent = all types. */
  type?: LogType;
  token_name?: string;
  /** Exact name; `%` matches any run of characters. */
  model_name?: string;
  start_timestamp?: number;
  end_timestamp?: number;
  group?: string;
}

/** The administrator's filters add the user and the channel. */
export interface AdminLogFilters extends LogFilters {
  username?: string;
  /** Channel id. */
  channel?: number;
}

export interface LogPageQuery extends LogFilters {
  /** 1-based. */
  p?: number;
  page_size?: number;
}

export interface AdminLogPageQuery extends AdminLogFilters {
  p?: number;
  page_size?: number;
}

/**
 * GET /api/log/stat and /api/log/self/stat (reference §10): `quota`, `token_total` and its two parts
 * `prompt_tokens` (input) and `completion_tokens` (output) sum the consumption rows the filters match (the type
 * filter is ignored); `rpm` and `tpm` count the consumption rows, and their tokens, of the
 * last LOG_RATE_WINDOW_SECONDS whatever the time filter says (the user, token, model, group and channel filters
 * still apply).
 */
export interface LogStat {
  quota: number;
  token_total: number;
  prompt_tokens: number;
  completion_tokens: number;
  rpm: number;
  tpm: number;
}

/** DELETE /api/log/?target_timestamp=: rows with created_at < target are removed; `data` is their count. */
export type LogDeleteAnswer = number;
