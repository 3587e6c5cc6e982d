import { type Json } from '../protocol';
import { isObject, objectOr, objectsOf, pickDefined, stringOr } from './claude-json';
import { urlOfSource } from './media';

const textsOf = (blocks: readonly Json[]): string[] =>
  blocks.filter((block) => block.type === 'text').map((block) => stringOr(block.text));

/** Claude's `system` (a string or text blocks) as one OpenAI system text. */
function systemText(system: unknown): string {
  return typeof system === 'string' ? system : textsOf(objectsOf(system)).join('\n');
}

/** A Claude user block → an OpenAI content part; null for blocks OpenAI cannot carry. */
function partOf(block: Json): Json | null {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: stringOr(block.text) };
    case 'image': {
      const url = urlOfSource(block.source);
      return url === null ? null : { type: 'image_url', image_url: { url } };
    }
    case 'document': {
      const source = objectOr(block.source);
      const url = source.type === 'base64' ? urlOfSource(source) : null;
      return url === null ? null : { type: 'file', file: { file_data: url } };
    }
    default:
      return null;
  }
}

function toolMessageOf(block: Json): Json {
  const content =
    typeof block.content === 'string' ? block.content : textsOf(objectsOf(block.content)).join('\n');
  return { role: 'tool', tool_call_id: stringOr(block.tool_use_id), content };
}

/** A Claude user turn → OpenAI tool messages (its tool results, first) and a user message (the rest). */
function userMessages(content: unknown): Json[] {
  if (typeof content === 'string') return [{ role: 'user', content }];
  const blocks = objectsOf(content);
  const tools = blocks.filter((block) => block.type === 'tool_result').map(toolMessageOf);
  const parts = blocks.map(partOf).filter((part): part is Json => part !== null);
  if (parts.length === 0) return tools;
  const [first] = parts;
  const single = parts.length === 1 && first.type === 'text';
  return [...tools, { role: 'user', content: single ? first.text : parts }];
}

/** A Claude assistant turn → one OpenAI assistant message; thinking blocks are dropped. */
function assistantMessages(content: unknown): Json[] {
  if (typeof content === 'string') return [{ role: 'assistant', content }];
  const blocks = objectsOf(content);
  const text = textsOf(blocks).join('');
  const calls = blocks
    .filter((block) => block.type === 'tool_use')
    .map((block) => ({
      id: stringOr(block.id),
      type: 'function',
      function: { name: stringOr(block.name), arguments: JSON.stringify(objectOr(block.input)) },
    }));
  if (calls.length === 0) return text === '' ? [] : [{ role: 'assistant', content: text }];
  return [{ role: 'assistant', content: text === '' ? null : text, tool_calls: calls }];
}

function toolsOf(tools: unknown): Json[] {
  // Server tools (web search, code execution…) have no input_schema and no OpenAI equivalent.
  return objectsOf(tools)
    .filter((tool) => isObject(tool.input_schema))
    .map((tool) => ({
      type: 'function',
      function: {
        name: stringOr(tool.name),
        ...pickDefined(tool, { description: 'description' }),
        parameters: tool.input_schema,
      },
    }));
}

function toolChoiceOf(choice: Json): unknown {
  switch (choice.type) {
    case 'auto':
      return 'auto';
    case 'any':
      return 'required';
    case 'none':
      return 'none';
    case 'tool':
      return { type: 'function', function: { name: stringOr(choice.name) } };
    default:
      return undefined;
  }
}

function toolFields(body: Json): Json {
  const tools = toolsOf(body.tools);
  if (tools.length === 0) return {};
  const fields: Json = { tools };
  if (!isObject(body.tool_choice)) return fields;
  const choice = toolChoiceOf(body.tool_choice);
  if (choice !== undefined) fields.tool_choice = choice;
  if (body.tool_choice.disable_parallel_tool_use === true) fields.parallel_tool_calls = false;
  return fields;
}

/** A Claude Messages body → an OpenAI chat body; a stream asks for the final usage chunk the relay bills from. */
export function claudeRequestToPivot(body: Json, model: string, stream: boolean): Json {
  const system = systemText(body.system);
  const messages: Json[] = system === '' ? [] : [{ role: 'system', content: system }];
  // One push per message: spreading a turn of 100k+ blocks into push() overflows the call stack.
  for (const message of objectsOf(body.messages)) {
    if (message.role === 'user') for (const item of userMessages(message.content)) messages.push(item);
    else if (message.role === 'assistant')
      for (const item of assistantMessages(message.content)) messages.push(item);
  }
  const pivot: Json = {
    model,
    messages,
    ...pickDefined(body, {
      max_tokens: 'max_tokens',
      stop_sequences: 'stop',
      temperature: 'temperature',
      top_p: 'top_p',
    }),
    ...toolFields(body),
  };
  const user = objectOr(body.metadata).user_id;
  if (typeof user === 'string' && user !== '') pivot.user = user;
  if (stream) {
    pivot.stream = true;
    pivot.stream_options = { include_usage: true };
  }
  return pivot;
}
