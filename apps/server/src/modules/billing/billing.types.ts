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
