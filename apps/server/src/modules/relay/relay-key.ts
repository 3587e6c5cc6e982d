import { type IncomingHttpHeaders } from 'node:http';
import { TOKEN_KEY_PREFIX } from '@tollgate/contracts';

/** The key a caller presented, and the channel an administrator forces with `sk-<key>-<channelId>`. */
export interface PresentedKey {
  key: string;
  forcedChannel: string | null;
}

// Anthropic SDKs send x-api-key; later gateways accept it on the model list too.
const ANTHROPIC_KEY_PATHS = ['/v1/messages', '/v1/models'];
const MIDJOURNEY_PLACEHOLDER = 'midjourney-proxy';

const header = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

/** Reference §1.2: x-api-key (Anthropic paths), else the bearer token, else mj-api-secret; `sk-` optional. */
export function extractKey(headers: IncomingHttpHeaders, path: string): PresentedKey | null {
  let raw = header(headers, 'authorization').replace(/^Bearer(?:\s+|$)/i, '');
  const anthropicKey = header(headers, 'x-api-key');
  if (anthropicKey && ANTHROPIC_KEY_PATHS.some((prefix) => path.startsWith(prefix))) raw = anthropicKey;
  if (raw === '' || raw === MIDJOURNEY_PLACEHOLDER) raw = header(headers, 'mj-api-secret');
  if (raw.startsWith(TOKEN_KEY_PREFIX)) raw = raw.slice(TOKEN_KEY_PREFIX.length);
  const [key, forcedChannel] = raw.split('-');
  if (!key) return null;
  return { key, forcedChannel: forcedChannel ?? null };
}

/** `sk-abc***xyz`: enough to tell keys apart in a message, too little to use. */
export const maskKey = (key: string): string =>
  key.length <= 6 ? `${TOKEN_KEY_PREFIX}***` : `${TOKEN_KEY_PREFIX}${key.slice(0, 3)}***${key.slice(-3)}`;
