// Reading an Anthropic Messages body (shared by /v1/messages, Vertex rawPredict and Bedrock invoke) and
// counting its input tokens, prompt caching included.
import { createHash } from 'node:crypto';
import { asObject, positiveInt, type JsonObject } from './fields';
import { IMAGE_TOKENS, mentionsTool } from './native-rules';
import { contentText, countWords } from './usage';

export interface ClaudeRequest {
  maxTokens: number;
  system: unknown;
  messages: JsonObject[];
  tools: JsonObject[];
  toolChoice: JsonObject;
  thinkingBudget: number | undefined; // set when thinking is enabled
  stopSequences: string[];
  stream: boolean;
}

// The request, or the invalid_request_error message Anthropic would give.
export function readClaudeRequest(body: JsonObject): ClaudeRequest | string {
  const maxTokens = positiveInt(body.max_tokens);
  if (maxTokens === undefined) return 'max_tokens: Field required';
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return 'messages: at least one message is required';
  const messages = body.messages.map(asObject);
  const badRole = messages.findIndex((m) => m.role !== 'user' && m.role !== 'assistant');
  if (badRole !== -1) return `messages.${badRole}.role: Input should be 'user' or 'assistant'`;
  const thinking = asObject(body.thinking);
  const thinkingBudget = thinking.type === 'enabled' ? positiveInt(thinking.budget_tokens) : undefined;
  if (thinking.type === 'enabled' && thinkingBudget === undefined)
    return 'thinking.enabled.budget_tokens: Field required';
  if (thinkingBudget !== undefined && thinkingBudget >= maxTokens)
    return '`max_tokens` must be greater than `thinking.budget_tokens`.';
  return {
    maxTokens,
    system: body.system,
    messages,
    tools: Array.isArray(body.tools) ? body.tools.map(asObject) : [],
    toolChoice: asObject(body.tool_choice),
    thinkingBudget,
    stopSequences: Array.isArray(body.stop_sequences)
      ? body.stop_sequences.filter((s): s is string => typeof s === 'string')
      : [],
    stream: body.stream === true,
  };
}

function blocksOf(content: unknown): JsonObject[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content.map(asObject) : [];
}

// Text words; images and documents a fixed IMAGE_TOKENS; tool results their inner blocks; tool calls
// and earlier thinking nothing.
function blockTokens(block: JsonObject): number {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? countWords(block.text) : 0;
    case 'image':
    case 'document':
      return IMAGE_TOKENS;
    case 'tool_result':
      return blocksOf(block.content).reduce((sum, b) => sum + blockTokens(b), 0);
    default:
      return 0;
  }
}

// The text the mock answers to: the last user message's text, else the text of its tool results.
export function claudePromptText(messages: readonly JsonObject[]): string {
  const last = messages.findLast((m) => m.role === 'user');
  if (last === undefined) return '';
  const blocks = blocksOf(last.content);
  const text = contentText(blocks.filter((b) => b.type === 'text'));
  if (text !== '') return text;
  return blocks
    .filter((b) => b.type === 'tool_result')
    .map((b) => contentText(blocksOf(b.content)))
    .join(' ');
}

// The tool to call, if the mock calls one: forced by tool_choice any/tool, or asked for under auto by a
// last user message (without tool results) that mentions the weather.
export function chosenTool(req: ClaudeRequest): JsonObject | null {
  if (req.tools.length === 0 || req.toolChoice.type === 'none') return null;
  if (req.toolChoice.type === 'tool')
    return req.tools.find((t) => t.name === req.toolChoice.name) ?? { name: req.toolChoice.name };
  if (req.toolChoice.type !== 'any') {
    const last = req.messages.findLast((m) => m.role === 'user');
    const blocks = blocksOf(last?.content);
    if (blocks.some((b) => b.type === 'tool_result')) return null;
    if (!mentionsTool(contentText(blocks.filter((b) => b.type === 'text')))) return null;
  }
  return req.tools.find((t) => mentionsTool(`${String(t.name)} ${String(t.description)}`)) ?? req.tools[0];
}

export interface ClaudeInput {
  total: number; // every input token
  cacheRead: number;
  cacheCreation: number;
}

interface Unit {
  block: JsonObject;
  tokens: number;
}

// Tools, then system blocks, then every message's blocks: the order Anthropic caches prefixes in.
function units(req: ClaudeRequest): Unit[] {
  const list: Unit[] = req.tools.map((block) => ({ block, tokens: 0 }));
  for (const block of blocksOf(req.system)) list.push({ block, tokens: blockTokens(block) });
  for (const message of req.messages)
    for (const block of blocksOf(message.content))
      list.push({ block: { role: message.role, ...block }, tokens: blockTokens(block) });
  return list;
}

// Hashes of the prefixes ending at each block that carries cache_control, with their token counts.
function cacheMarks(list: readonly Unit[], model: string): { key: string; tokens: number }[] {
  if (!list.some((u) => u.block.cache_control !== undefined)) return [];
  const hash = createHash('sha256').update(model);
  const marks: { key: string; tokens: number }[] = [];
  let tokens = 0;
  for (const { block, tokens: unitTokens } of list) {
    tokens += unitTokens;
    hash.update(JSON.stringify({ ...block, cache_control: undefined })).update('\n');
    if (block.cache_control !== undefined) marks.push({ key: hash.copy().digest('hex'), tokens });
  }
  return marks;
}

// Prompt caching, deterministically: each block carrying cache_control ends a prefix. The longest prefix
// seen before (same model) is read from the cache; the rest up to the last marker is written to it.
// `forcedRead` (x-mock-cached-tokens) replaces the rule: that many tokens read, none written.
export function claudeInput(
  req: ClaudeRequest,
  model: string,
  cache: Set<string>,
  forcedRead: number | undefined,
): ClaudeInput {
  const list = units(req);
  const total = list.reduce((sum, u) => sum + u.tokens, 0);
  if (forcedRead !== undefined) return { total, cacheRead: Math.min(forcedRead, total), cacheCreation: 0 };
  const marks = cacheMarks(list, model);
  let cacheRead = 0;
  for (const mark of marks) if (cache.has(mark.key)) cacheRead = Math.max(cacheRead, mark.tokens);
  for (const mark of marks) cache.add(mark.key);
  const written = marks.at(-1)?.tokens ?? 0;
  return { total, cacheRead, cacheCreation: Math.max(0, written - cacheRead) };
}
