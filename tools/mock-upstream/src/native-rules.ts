// Deterministic rules the Anthropic, Gemini, Vertex and Bedrock endpoints share (documented in the README so
// tests can compute expected usage): a token is still a whitespace-separated word.
import { asObject, type JsonObject } from './fields';
import { countWords, words, type Reply } from './usage';

export const IMAGE_TOKENS = 100; // every image part, whatever its size
export const TOOL_CALL_TOKENS = 10; // output tokens of one tool call / function call
export const TOOL_TRIGGER = 'weather'; // a last user message containing this word calls a tool under "auto"

// The reasoning the mock "does": "thinking about: <prompt>", cut to the budget (undefined = no cap).
export function thinkingWords(prompt: string, budget: number | undefined): string[] {
  const all = ['thinking', 'about:', ...words(prompt)];
  return budget === undefined ? all : all.slice(0, Math.max(0, budget));
}

export interface StoppedReply {
  reply: Reply;
  stopSequence: string | null; // the one that cut the reply
}

// The reply ends before the earliest stop sequence found in it.
export function applyStopSequences(reply: Reply, stops: readonly string[]): StoppedReply {
  let cut = -1;
  let stopSequence: string | null = null;
  for (const stop of stops) {
    const at = stop === '' ? -1 : reply.text.indexOf(stop);
    if (at !== -1 && (cut === -1 || at < cut)) {
      cut = at;
      stopSequence = stop;
    }
  }
  if (stopSequence === null) return { reply, stopSequence };
  const text = reply.text.slice(0, cut);
  return { reply: { words: words(text), text, truncated: false }, stopSequence };
}

// Tool arguments from a JSON (or Gemini OpenAPI) schema: every property gets a fixed value of its type,
// the first enum value when there is one.
export function argsFromSchema(schema: unknown): JsonObject {
  const args: JsonObject = {};
  for (const [name, property] of Object.entries(asObject(asObject(schema).properties)))
    args[name] = valueOf(asObject(property));
  return args;
}

function valueOf(schema: JsonObject): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as unknown;
  const type = typeof schema.type === 'string' ? schema.type.toLowerCase() : 'string';
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return argsFromSchema(schema);
  return 'mock';
}

export function mentionsTool(text: string): boolean {
  return text.toLowerCase().includes(TOOL_TRIGGER);
}

// Every string inside a value (tool results are counted and echoed by these).
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}

export function stringWords(value: unknown): number {
  return stringsIn(value).reduce((sum, text) => sum + countWords(text), 0);
}
