import { isJsonObject } from '../../../common/json';
import { TokenCounter } from './token-counter';

export { isJsonObject as isObject };
export { countText, countTexts } from './token-counter';

type Json = Record<string, unknown>;

// OpenAI's chat framing: a few tokens per message plus the reply primer (the mock follows the same rule).
const TOKENS_PER_MESSAGE = 3;
const REPLY_PRIMER_TOKENS = 3;

/** The text of a content value: a string, or the `text` of its parts (chat text, input_text, moderation text). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isJsonObject(part) && typeof part.text === 'string' ? part.text : ''))
    .join(' ');
}

// One counter for all the texts of a call, so its time bound holds however many messages there are.
function messagesTokens(messages: readonly unknown[]): number {
  const counter = new TokenCounter();
  return messages.reduce<number>(
    (sum, message) =>
      sum + TOKENS_PER_MESSAGE + counter.count(isJsonObject(message) ? contentText(message.content) : ''),
    REPLY_PRIMER_TOKENS,
  );
}

export const chatPromptTokens = (body: Json): number => messagesTokens(body.messages as unknown[]);

/** Completions' prompt and embeddings' input: strings, or token arrays counted by their length. */
export function inputItemsTokens(input: unknown): number {
  const items = Array.isArray(input) ? input : [input];
  const counter = new TokenCounter();
  return items.reduce<number>(
    (sum, item) =>
      sum + (typeof item === 'string' ? counter.count(item) : Array.isArray(item) ? item.length : 0),
    0,
  );
}

/** Moderations: a string, strings, or multimodal parts of which only the text counts. */
export function moderationTokens(input: unknown): number {
  const items = Array.isArray(input) ? input : [input];
  const counter = new TokenCounter();
  return items.reduce<number>(
    (sum, item) => sum + counter.count(typeof item === 'string' ? item : contentText([item])),
    0,
  );
}

/** Responses: `instructions` as a system message, `input` as one user message or a list of message items. */
export function responsesPromptTokens(body: Json): number {
  const input = body.input;
  const messages: unknown[] =
    typeof input === 'string' ? [{ content: input }] : Array.isArray(input) ? [...(input as unknown[])] : [];
  if (typeof body.instructions === 'string') messages.unshift({ content: body.instructions });
  return messages.length === 0 ? 0 : messagesTokens(messages);
}

/** Reference §3.2: speech is billed by the characters of its input (code points, not UTF-16 units). */
export const speechCharacters = (input: unknown): number =>
  typeof input === 'string' ? [...input].length : 0;
