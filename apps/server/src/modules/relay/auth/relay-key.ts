import { type IncomingHttpHeaders } from 'node:http';
import { TOKEN_KEY_PREFIX } from '@tollgate/contracts';

/** The key a caller presented, and the channel an administrator forces with `sk-<key>-<channelId>`. */
export interface PresentedKey {
  key: string;
  forcedChannel: string | null;
}

// Anthropic SDKs send x-api-key; later gateways accept it on the model list too.
const ANTHROPIC_KEY_PATHS = ['/v1/messages', '/v1/models'];
// Gemini SDKs send x-goog-api-key or ?key= (reference §1.2 step 3).
const GEMINI_KEY_PATHS = ['/v1/models', '/v1beta/models', '/v1beta/openai/models'];
const MIDJOURNEY_PLACEHOLDER = 'midjourney-proxy';

const header = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

function googleKey(headers: IncomingHttpHeaders, url: string): string {
  const fromHeader = header(headers, 'x-goog-api-key');
  if (fromHeader !== '') return fromHeader;
  const query = url.indexOf('?');
  return query < 0 ? '' : (new URLSearchParams(url.slice(query + 1)).get('key')?.trim() ?? '');
}

/**
 * Reference §1.2: x-api-key (Anthropic paths), x-goog-api-key or ?key= (Gemini paths), else the bearer token,
 * else mj-api-secret; `sk-` optional. `url` is the request URL with its query.
 */
export function extractKey(headers: IncomingHttpHeaders, url: string): PresentedKey | null {
  const path = url.split('?', 1)[0];
  let raw = header(headers, 'authorization').replace(/^Bearer(?:\s+|$)/i, '');
  const anthropicKey = header(headers, 'x-api-key');
  if (anthropicKey && ANTHROPIC_KEY_PATHS.some((prefix) => path.startsWith(prefix))) raw = anthropicKey;
  if (GEMINI_KEY_PATHS.some((prefix) => path.startsWith(prefix))) raw = googleKey(headers, url) || raw;
  if (raw === '' || raw === MIDJOURNEY_PLACEHOLDER) raw = header(headers, 'mj-api-secret');
  if (raw.startsWith(TOKEN_KEY_PREFIX)) raw = raw.slice(TOKEN_KEY_PREFIX.length);
  const [key, forcedChannel] = raw.split('-');
  if (!key) return null;
  return { key, forcedChannel: forcedChannel ?? null };
}

/** `sk-abc***xyz`: enough to tell keys apart in a message, too little to use. */
export const maskKey = (key: string): string =>
  key.length <= 6 ? `${TOKEN_KEY_PREFIX}***` : `${TOKEN_KEY_PREFIX}${key.slice(0, 3)}***${key.slice(-3)}`;
