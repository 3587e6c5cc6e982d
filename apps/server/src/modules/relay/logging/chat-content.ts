import { codecFor } from '../protocols/codecs';
import { type RelayRequest } from '../requests/relay-request';
import { isJsonObject } from '../../../common/json';

/** The conversation of a chat call as its consumption log keeps it when LogChatContentEnabled is on. */
export interface ChatContent {
  system_prompt?: string;
  /** Earlier turns, one `role: text` line each. */
  context?: string;
  input_content: string;
  output_content: string;
}

// A log row is no archive: long prompts and answers keep their beginning.
const MAX_CHARS = 10_000;

const clip = (text: string): string => (text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text);

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isJsonObject(part) && typeof part.text === 'string' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/** null for calls that are not chats (embeddings, images, audio …). */
export function chatContentOf(request: RelayRequest, output: string): ChatContent | null {
  if (request.endpoint !== '/v1/chat/completions') return null;
  const pivot =
    request.inbound === 'openai'
      ? request.body
      : codecFor(request.inbound).requestToPivot(request.body, request.model, request.stream);
  const messages = (Array.isArray(pivot.messages) ? pivot.messages : []).filter(isJsonObject);
  const system = messages.filter((m) => m.role === 'system' || m.role === 'developer');
  const turns = messages.filter((m) => m.role !== 'system' && m.role !== 'developer');
  const last = turns.at(-1);
  const earlier = turns.slice(0, -1).map((m) => `${String(m.role)}: ${textOf(m.content)}`);
  return {
    ...(system.length > 0 && { system_prompt: clip(system.map((m) => textOf(m.content)).join('\n')) }),
    ...(earlier.length > 0 && { context: clip(earlier.join('\n')) }),
    input_content: clip(last ? textOf(last.content) : ''),
    output_content: clip(output),
  };
}
