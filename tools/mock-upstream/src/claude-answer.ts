// The mock Claude's answer to a Messages request, as a Message and as the stream events that build it.
import { createHash } from 'node:crypto';
import { cachedTokens, replyWordsHeader, type MockContext } from './context';
import { nextId, type JsonObject } from './fields';
import { chosenTool, claudeInput, claudePromptText, type ClaudeRequest } from './claude-request';
import { applyStopSequences, argsFromSchema, thinkingWords, TOOL_CALL_TOKENS } from './native-rules';
import { buildReply } from './usage';

export interface ClaudeUsage {
  input_tokens: number; // excludes cached and cache-written tokens, as Anthropic reports it
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
}

export interface ClaudeMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: JsonObject[];
  stop_reason: 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use';
  stop_sequence: string | null;
  usage?: ClaudeUsage; // absent under no-usage
}

function signatureOf(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

export function claudeAnswer(ctx: MockContext, req: ClaudeRequest, model: string): ClaudeMessage {
  const prompt = claudePromptText(req.messages);
  const content: JsonObject[] = [];
  let outputTokens = 0;
  if (req.thinkingBudget !== undefined) {
    const thoughts = thinkingWords(prompt, req.thinkingBudget);
    const thinking = thoughts.join(' ');
    content.push({ type: 'thinking', thinking, signature: signatureOf(thinking) });
    outputTokens += thoughts.length;
  }
  let stopReason: ClaudeMessage['stop_reason'];
  let stopSequence: string | null = null;
  const tool = chosenTool(req);
  if (tool !== null) {
    content.push({
      type: 'tool_use',
      id: `toolu_${nextId('mock')}`,
      name: tool.name,
      input: argsFromSchema(tool.input_schema),
    });
    outputTokens += TOOL_CALL_TOKENS;
    stopReason = 'tool_use';
  } else {
    const built = buildReply(prompt, req.maxTokens - outputTokens, replyWordsHeader(ctx));
    const { reply, stopSequence: stop } = applyStopSequences(built, req.stopSequences);
    if (reply.text !== '' || content.length === 0) content.push({ type: 'text', text: reply.text });
    outputTokens += reply.words.length;
    stopSequence = stop;
    stopReason = stop !== null ? 'stop_sequence' : reply.truncated ? 'max_tokens' : 'end_turn';
  }
  const message: ClaudeMessage = {
    id: `msg_${nextId('mock')}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stopReason,
    stop_sequence: stopSequence,
  };
  if (!ctx.behaviour.noUsage) {
    const input = claudeInput(req, model, ctx.state.promptCache, cachedTokens(ctx));
    message.usage = {
      input_tokens: input.total - input.cacheRead - input.cacheCreation,
      cache_creation_input_tokens: input.cacheCreation,
      cache_read_input_tokens: input.cacheRead,
      output_tokens: outputTokens,
    };
  }
  return message;
}

// Word-by-word pieces: "echo:", " say", " hello".
function pieces(text: string): string[] {
  return text === '' ? [] : text.split(' ').map((word, i) => (i === 0 ? word : ` ${word}`));
}

function halves(json: string): string[] {
  const middle = json.length >> 1;
  return ['', json.slice(0, middle), json.slice(middle)].filter((p, i) => i === 0 || p !== '');
}

function blockEvents(block: JsonObject, index: number): JsonObject[] {
  const delta = (d: JsonObject): JsonObject => ({ type: 'content_block_delta', index, delta: d });
  const events: JsonObject[] = [];
  if (block.type === 'thinking') {
    events.push({
      type: 'content_block_start',
      index,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    });
    for (const p of pieces(String(block.thinking)))
      events.push(delta({ type: 'thinking_delta', thinking: p }));
    events.push(delta({ type: 'signature_delta', signature: block.signature }));
  } else if (block.type === 'tool_use') {
    events.push({ type: 'content_block_start', index, content_block: { ...block, input: {} } });
    for (const p of halves(JSON.stringify(block.input)))
      events.push(delta({ type: 'input_json_delta', partial_json: p }));
  } else {
    events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
    for (const p of pieces(String(block.text))) events.push(delta({ type: 'text_delta', text: p }));
  }
  events.push({ type: 'content_block_stop', index });
  return events;
}

// message_start → (content_block_start, [ping after the first], deltas, content_block_stop)… →
// message_delta → message_stop. Usage: input side in message_start (output_tokens 1), output in message_delta.
export function claudeEvents(message: ClaudeMessage, ping: boolean): JsonObject[] {
  const start: JsonObject = { ...message, content: [], stop_reason: null, stop_sequence: null };
  if (message.usage) start.usage = { ...message.usage, output_tokens: 1 };
  const events: JsonObject[] = [{ type: 'message_start', message: start }];
  message.content.forEach((block, index) => {
    const [blockStart, ...rest] = blockEvents(block, index);
    events.push(blockStart, ...(ping && index === 0 ? [{ type: 'ping' }] : []), ...rest);
  });
  const end: JsonObject = {
    type: 'message_delta',
    delta: { stop_reason: message.stop_reason, stop_sequence: message.stop_sequence },
  };
  if (message.usage) end.usage = { output_tokens: message.usage.output_tokens };
  events.push(end, { type: 'message_stop' });
  return events;
}
