// The mock's deterministic "tokenizer" and reply rules (documented in the README so billing tests can
// compute expected quota): a token is a whitespace-separated word.
import { asObject, positiveInt, type JsonObject } from './fields';

const WORD = /\S+/g;
const LOREM = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor'.split(' ');
export const PER_MESSAGE_TOKENS = 3;
export const PER_REQUEST_TOKENS = 3;

export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

export function countWords(text: string): number {
  return words(text).length;
}

// Chat and Responses content: a string, or parts whose `text` fields are joined with spaces.
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) {
    const text = asObject(part).text;
    if (typeof text === 'string') texts.push(text);
  }
  return texts.join(' ');
}

// prompt_tokens = 3 + Σ over messages (3 + words of the message's text content).
export function messagesPromptTokens(messages: readonly unknown[]): number {
  let total = PER_REQUEST_TOKENS;
  for (const message of messages)
    total += PER_MESSAGE_TOKENS + countWords(contentText(asObject(message).content));
  return total;
}

export function lastUserText(messages: readonly unknown[]): string {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = asObject(messages[i]);
    if (message.role === 'user') return contentText(message.content);
  }
  return '';
}

export interface Reply {
  words: string[];
  text: string;
  truncated: boolean;
}

// "echo: <words of the prompt>", or `forcedWords` words of lorem (x-mock-reply-words), cut to maxTokens.
export function buildReply(prompt: string, maxTokens: number | undefined, forcedWords?: number): Reply {
  const all = forcedWords === undefined ? ['echo:', ...words(prompt)] : lorem(forcedWords);
  const truncated = maxTokens !== undefined && all.length > maxTokens;
  const kept = truncated ? all.slice(0, maxTokens) : all;
  return { words: kept, text: kept.join(' '), truncated };
}

function lorem(count: number): string[] {
  const out = new Array<string>(count);
  for (let i = 0; i < count; i += 1) out[i] = LOREM[i % LOREM.length];
  return out;
}

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens: number };
}

// cachedTokens comes from the x-mock-cached-tokens header; capped at the prompt because OpenAI counts
// cached tokens inside prompt_tokens.
export function chatUsage(promptTokens: number, completionTokens: number, cachedTokens?: number): ChatUsage {
  const usage: ChatUsage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  if (cachedTokens !== undefined)
    usage.prompt_tokens_details = { cached_tokens: Math.min(cachedTokens, promptTokens) };
  return usage;
}

export function maxTokensOf(body: JsonObject, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const value = positiveInt(body[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

// Completions prompts and embedding inputs: a string, a string[], a token array or token arrays.
export function inputItems(input: unknown): unknown[] | null {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input) || input.length === 0) return null;
  const list = input as unknown[];
  return typeof list[0] === 'number' ? [list] : list;
}

// Strings count words; token arrays count their length.
export function itemTokens(item: unknown): number {
  if (typeof item === 'string') return countWords(item);
  return Array.isArray(item) ? item.length : 0;
}
