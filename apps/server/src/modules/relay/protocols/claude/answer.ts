import { randomUUID } from 'node:crypto';
import { type Json } from '../protocol';
import { isObject, objectOr, objectsOf, parseArguments, stringOr } from './claude-json';
import { claudeUsageOf, pivotUsageOf } from './usage';

const FINISH_OF_STOP = new Map<string, string>([
  ['end_turn', 'stop'],
  ['stop_sequence', 'stop'],
  ['pause_turn', 'stop'],
  ['max_tokens', 'length'],
  ['model_context_window_exceeded', 'length'],
  ['tool_use', 'tool_calls'],
  ['refusal', 'content_filter'],
]);

const STOP_OF_FINISH = new Map<string, string>([
  ['stop', 'end_turn'],
  ['length', 'max_tokens'],
  ['tool_calls', 'tool_use'],
  ['function_call', 'tool_use'],
  ['content_filter', 'refusal'],
]);

/** Claude stop_reason → OpenAI finish_reason (null while unknown). */
export const finishReasonOf = (stop: unknown): string | null =>
  typeof stop === 'string' ? (FINISH_OF_STOP.get(stop) ?? 'stop') : null;

/** OpenAI finish_reason → Claude stop_reason (null while unknown). */
export const stopReasonOf = (finish: unknown): string | null =>
  typeof finish === 'string' ? (STOP_OF_FINISH.get(finish) ?? 'end_turn') : null;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

const blocksOfType = (answer: Json, type: string): Json[] =>
  objectsOf(answer.content).filter((block) => block.type === type);

/** A Claude message → an OpenAI chat completion; thinking becomes `reasoning_content`. */
export function claudeAnswerToPivot(answer: Json): Json {
  const text = blocksOfType(answer, 'text')
    .map((block) => stringOr(block.text))
    .join('');
  const reasoning = blocksOfType(answer, 'thinking')
    .map((block) => stringOr(block.thinking))
    .join('');
  const calls = blocksOfType(answer, 'tool_use').map((block) => ({
    id: stringOr(block.id),
    type: 'function',
    function: { name: stringOr(block.name), arguments: JSON.stringify(objectOr(block.input)) },
  }));
  const message: Json = { role: 'assistant', content: text === '' && calls.length > 0 ? null : text };
  if (reasoning !== '') message.reasoning_content = reasoning;
  if (calls.length > 0) message.tool_calls = calls;
  const completion: Json = {
    id: stringOr(answer.id),
    object: 'chat.completion',
    created: nowSeconds(),
    model: stringOr(answer.model),
    choices: [
      { index: 0, message, logprobs: null, finish_reason: finishReasonOf(answer.stop_reason) ?? 'stop' },
    ],
  };
  if (isObject(answer.usage)) completion.usage = pivotUsageOf(answer.usage);
  return completion;
}

function textOfContent(content: unknown): string {
  if (typeof content === 'string') return content;
  return objectsOf(content)
    .map((part) => stringOr(part.text))
    .join('');
}

/** An OpenAI chat completion → a Claude message named `model`; reasoning becomes an (unsigned) thinking block. */
export function claudeAnswerFromPivot(pivot: Json, model: string): Json {
  const choice = objectsOf(pivot.choices)[0] ?? {};
  const message = objectOr(choice.message);
  const content: Json[] = [];
  const reasoning = stringOr(message.reasoning_content) || stringOr(message.reasoning);
  if (reasoning !== '') content.push({ type: 'thinking', thinking: reasoning, signature: '' });
  const text = textOfContent(message.content);
  if (text !== '') content.push({ type: 'text', text });
  for (const call of objectsOf(message.tool_calls)) {
    const fn = objectOr(call.function);
    content.push({
      type: 'tool_use',
      id: stringOr(call.id) || `toolu_${randomUUID()}`,
      name: stringOr(fn.name),
      input: parseArguments(fn.arguments),
    });
  }
  return {
    id: stringOr(pivot.id) || `msg_${randomUUID()}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stopReasonOf(choice.finish_reason) ?? 'end_turn',
    stop_sequence: null,
    usage: claudeUsageOf(objectOr(pivot.usage)),
  };
}

/** The generated text of a Claude message (text and thinking), counted when it reports no usage. */
export function claudeTextOfAnswer(answer: unknown): string {
  if (!isObject(answer)) return '';
  return objectsOf(answer.content)
    .map((block) => stringOr(block.text) || stringOr(block.thinking))
    .join('');
}
