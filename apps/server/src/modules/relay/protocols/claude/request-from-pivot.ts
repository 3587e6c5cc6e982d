import { type Json } from '../protocol';
import { isObject, objectOr, objectsOf, parseArguments, pickDefined, stringOr } from './claude-json';
import { documentBlockFromFile, imageBlockFromUrl } from './media';

type Role = 'user' | 'assistant';

interface Turn {
  role: Role;
  content: string | Json[];
}

const textBlock = (text: string): Json => ({ type: 'text', text });

/** One OpenAI content part → Claude blocks (none for kinds Claude has no place for, such as audio). */
function blocksOfPart(part: Json): Json[] {
  switch (part.type) {
    case 'text':
    case 'refusal': {
      const text = stringOr(part.text) || stringOr(part.refusal);
      if (text === '') return [];
      // cache_control on a part is the convention OpenAI-style clients use to ask Claude for prompt caching.
      return [
        isObject(part.cache_control)
          ? { ...textBlock(text), cache_control: part.cache_control }
          : textBlock(text),
      ];
    }
    case 'image_url': {
      const url =
        typeof part.image_url === 'string' ? part.image_url : stringOr(objectOr(part.image_url).url);
      return url === '' ? [] : [imageBlockFromUrl(url)];
    }
    case 'file': {
      const document = documentBlockFromFile(objectOr(part.file));
      return document ? [document] : [];
    }
    default:
      return [];
  }
}

function blocksOf(content: unknown): Json[] {
  if (typeof content === 'string') return content === '' ? [] : [textBlock(content)];
  return objectsOf(content).flatMap(blocksOfPart);
}

function toolUseOf(call: Json, position: number): Json {
  const fn = objectOr(call.function);
  return {
    type: 'tool_use',
    id: stringOr(call.id) || `toolu_${position}`,
    name: stringOr(fn.name),
    input: parseArguments(fn.arguments),
  };
}

function assistantTurn(message: Json): Turn | null {
  const calls = objectsOf(message.tool_calls).map(toolUseOf);
  if (calls.length === 0 && typeof message.content === 'string' && message.content !== '') {
    return { role: 'assistant', content: message.content };
  }
  const content = [...blocksOf(message.content), ...calls];
  // Claude refuses empty assistant turns and empty text blocks.
  return content.length === 0 ? null : { role: 'assistant', content };
}

function turnOf(message: Json): Turn | null {
  switch (message.role) {
    case 'user':
      return {
        role: 'user',
        content: typeof message.content === 'string' ? message.content : blocksOf(message.content),
      };
    case 'assistant':
      return assistantTurn(message);
    case 'tool': {
      const content = typeof message.content === 'string' ? message.content : blocksOf(message.content);
      const result = { type: 'tool_result', tool_use_id: stringOr(message.tool_call_id), content };
      return { role: 'user', content: [result] };
    }
    default:
      return null;
  }
}

const asBlocks = (content: string | Json[]): Json[] =>
  typeof content === 'string' ? blocksOf(content) : content;

/** Claude wants user and assistant turns to alternate: runs of one role (user text after tool results) merge. */
function alternate(turns: readonly Turn[]): Turn[] {
  const merged: Turn[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    if (last?.role === turn.role) last.content = [...asBlocks(last.content), ...asBlocks(turn.content)];
    else merged.push({ ...turn });
  }
  return merged;
}

/** System and developer messages, wherever they are, become Claude's top-level `system`. */
function systemOf(messages: readonly Json[]): string | Json[] | undefined {
  const blocks = messages
    .filter((message) => message.role === 'system' || message.role === 'developer')
    .flatMap((message) => blocksOf(message.content))
    .filter((block) => block.type === 'text');
  if (blocks.length === 0) return undefined;
  const [first] = blocks;
  return blocks.length === 1 && first.cache_control === undefined ? stringOr(first.text) : blocks;
}

function toolsOf(tools: unknown): Json[] {
  return objectsOf(tools)
    .filter((tool) => tool.type === 'function' && isObject(tool.function))
    .map((tool) => {
      const fn = objectOr(tool.function);
      return {
        name: stringOr(fn.name),
        ...pickDefined(fn, { description: 'description' }),
        // Claude requires an object schema even for a tool without parameters.
        input_schema: isObject(fn.parameters) ? fn.parameters : { type: 'object', properties: {} },
      };
    });
}

function toolChoiceOf(choice: unknown, parallel: unknown): Json | undefined {
  let mapped: Json | undefined;
  if (choice === 'auto') mapped = { type: 'auto' };
  else if (choice === 'none') mapped = { type: 'none' };
  else if (choice === 'required') mapped = { type: 'any' };
  else if (isObject(choice) && isObject(choice.function)) {
    mapped = { type: 'tool', name: stringOr(choice.function.name) };
  }
  if (parallel !== false) return mapped;
  mapped ??= { type: 'auto' };
  return mapped.type === 'none' ? mapped : { ...mapped, disable_parallel_tool_use: true };
}

function stopSequencesOf(stop: unknown): string[] | undefined {
  if (typeof stop === 'string') return [stop];
  const list = Array.isArray(stop) ? stop.filter((item): item is string => typeof item === 'string') : [];
  return list.length > 0 ? list : undefined;
}

/**
 * An OpenAI chat body → a Claude Messages body. `max_tokens` stays absent when the caller gave none (the
 * adapter fills the configured default); `reasoning_effort` is not mapped (the `-thinking` model suffix is
 * the supported way to ask for thinking).
 */
export function claudeRequestFromPivot(pivot: Json): Json {
  const messages = objectsOf(pivot.messages);
  const body: Json = {
    model: pivot.model,
    messages: alternate(messages.map(turnOf).filter((turn): turn is Turn => turn !== null)),
  };
  const system = systemOf(messages);
  if (system !== undefined) body.system = system;
  const maxTokens = pivot.max_completion_tokens ?? pivot.max_tokens;
  if (typeof maxTokens === 'number') body.max_tokens = maxTokens;
  const stop = stopSequencesOf(pivot.stop);
  if (stop) body.stop_sequences = stop;
  Object.assign(body, pickDefined(pivot, { temperature: 'temperature', top_p: 'top_p' }));
  if (pivot.stream === true) body.stream = true;
  const tools = toolsOf(pivot.tools);
  if (tools.length > 0) {
    body.tools = tools;
    const choice = toolChoiceOf(pivot.tool_choice, pivot.parallel_tool_calls);
    if (choice) body.tool_choice = choice;
  }
  if (typeof pivot.user === 'string' && pivot.user !== '') body.metadata = { user_id: pivot.user };
  return body;
}
