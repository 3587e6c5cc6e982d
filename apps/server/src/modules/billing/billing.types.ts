// The billing interface the relay codes against (issue 5, relay brief): keep these shapes stable.

export interface Price {
  /** The requested model name. */
  model: string;
  modelRatio: number;
  completionRatio: number;
  /** Cached prompt tokens (OpenAI style: prompt includes cached). */
  cacheRatio: number;
  cacheCreationRatio: number;
  /** Per-call price in USD when set (wins over ratios). */
  modelPrice: number | null;
  groupRatio: number;
}

export interface Usage {
  /** Includes cached (and cache-creation) tokens. */
  promptTokens: number;
  completionTokens: number;
  cachedTokens?: number;
  cacheCreationTokens?: number;
}

export interface Payer {
  userId: number;
  /** null = playground (user only). */
  tokenId: number | null;
  tokenUnlimited: boolean;
  /** The effective group (token group or user group). */
  group: string;
  /** The user's own quota warning threshold; null = the QuotaRemindThreshold option (reference §3.7). */
  warningThreshold: number | null;
}

export interface Reservation {
  id: string;
  payer: Payer;
  amount: number;
}

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

/** What a consumption log's `other` records of the call besides its prices. */
export interface CallFacts {
  frt: number;
  requestPath: string;
  requestId: string;
  /** Channel ids tried, in order (admin only). */
  usedChannels: string[];
  /** The model name sent upstream when the channel's mapping changed it, else null. */
  upstreamModel: string | null;
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
