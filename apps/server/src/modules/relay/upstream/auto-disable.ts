import { ChannelType, type OpenAiErrorBody } from '@tollgate/contracts';

/** A provider's non-2xx answer as the auto-disable rules read it. */
export interface ProviderRefusal {
  /** The provider's own status (before status_code_mapping, like the retry decision). */
  status: number;
  channelType: number;
  /** The error the caller sees (already redacted): upstream code, type and message when OpenAI-shaped. */
  error: OpenAiErrorBody['error'];
}

export interface AutoDisablePolicy {
  /** AutomaticDisableChannelEnabled. */
  enabled: boolean;
  /** The channel's auto_ban = 1. */
  autoBan: boolean;
  /** AutomaticDisableKeywords, lower-cased, one per line. */
  keywords: readonly string[];
}

// Reference §2.6: answers that mean the key or account is dead, not that the request was bad.
const DEAD_KEY_CODES = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active']);
const DEAD_KEY_TYPES = new Set([
  'insufficient_quota',
  'insufficient_user_quota',
  'authentication_error',
  'permission_error',
  'forbidden',
]);

/** AutomaticDisableKeywords text → lower-cased non-empty lines. */
export const parseDisableKeywords = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '');

/** Whether this refusal should take the channel (or its key) out of rotation; reference §2.6. */
export function shouldAutoDisable(refusal: ProviderRefusal, policy: AutoDisablePolicy): boolean {
  if (!policy.enabled || !policy.autoBan) return false;
  const { status, channelType, error } = refusal;
  if (status === 401) return true;
  if (status === 403 && channelType === ChannelType.Gemini) return true;
  if (error.code !== null && DEAD_KEY_CODES.has(error.code)) return true;
  if (DEAD_KEY_TYPES.has(error.type)) return true;
  const message = error.message.toLowerCase();
  return policy.keywords.some((keyword) => message.includes(keyword));
}

/** The other_info status_reason: what the provider said, in one line. */
export const disableReason = (refusal: ProviderRefusal): string =>
  `status ${refusal.status}: ${refusal.error.message.replace(/\s+/g, ' ').trim()}`;
