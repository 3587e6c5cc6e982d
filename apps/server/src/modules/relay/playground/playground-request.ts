import { relayError } from '../errors/relay-errors';
import { isJsonObject } from '../../../common/json';

/** A playground body split into the group it bills and routes in, and the chat body the relay forwards. */
export interface PlaygroundRequest {
  /** '' = the user's own group. */
  group: string;
  chatBody: unknown;
}

/**
 * `group` is the gateway's field, not the provider's, so it is taken out. The console sends max_tokens 0 for
 * "no limit", which providers refuse, so a non-positive one is dropped too. Anything else is the relay's to check.
 */
export function playgroundRequest(body: unknown): PlaygroundRequest {
  if (!isJsonObject(body)) return { group: '', chatBody: body };
  const { group, ...chat } = body;
  if (group !== undefined && group !== null && typeof group !== 'string')
    throw relayError('invalid_text_request', { detail: 'group must be a string' });
  if (typeof chat.max_tokens === 'number' && chat.max_tokens <= 0) delete chat.max_tokens;
  return { group: typeof group === 'string' ? group.trim() : '', chatBody: chat };
}
