import { type Usage } from '../../../billing/billing.types';
import { transcriptionTokens } from '../../../billing/quota-formula';
import { isJsonObject } from '../../../../common/json';

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * OpenAI's usage objects: prompt/completion tokens (chat, completions, embeddings), input/output tokens
 * (Responses, gpt-4o-transcribe, gpt-image-1), or an audio duration (whisper), billed per reference §3.2.
 */
export function toUsage(usage: unknown): Usage | null {
  if (!isJsonObject(usage)) return null;
  if (usage.type === 'duration') {
    return { promptTokens: transcriptionTokens(count(usage.seconds)), completionTokens: 0 };
  }
  const details = [usage.prompt_tokens_details, usage.input_tokens_details].find(isJsonObject) ?? {};
  const promptTokens = count(usage.prompt_tokens ?? usage.input_tokens);
  // Embeddings report only prompt and total tokens.
  const completionTokens = count(usage.completion_tokens ?? usage.output_tokens);
  const cachedTokens = count(details.cached_tokens);
  return cachedTokens > 0
    ? { promptTokens, completionTokens, cachedTokens }
    : { promptTokens, completionTokens };
}

/** A whole answer's usage; a verbose transcription without a usage block still tells its duration. */
export function usageOfAnswer(answer: unknown): Usage | null {
  if (!isJsonObject(answer)) return null;
  const usage = toUsage(answer.usage);
  if (usage) return usage;
  if (typeof answer.duration === 'number' && typeof answer.text === 'string') {
    return { promptTokens: transcriptionTokens(answer.duration), completionTokens: 0 };
  }
  return null;
}

/** A stream event's usage: a chat chunk's `usage`, or the `response` of Responses' final events. */
export function usageOfStreamEvent(event: unknown): Usage | null {
  if (!isJsonObject(event)) return null;
  return isJsonObject(event.response) ? toUsage(event.response.usage) : toUsage(event.usage);
}

function choiceText(choice: unknown): string {
  if (!isJsonObject(choice)) return '';
  const part = isJsonObject(choice.delta)
    ? choice.delta
    : isJsonObject(choice.message)
      ? choice.message
      : choice;
  const text = part.content ?? part.text;
  return typeof text === 'string' ? text : '';
}

const choicesText = (choices: unknown[]): string => choices.map(choiceText).join('');

// Responses: output items of type message hold output_text parts.
function outputText(output: unknown[]): string {
  return output
    .flatMap((item) => (isJsonObject(item) && Array.isArray(item.content) ? (item.content as unknown[]) : []))
    .map((part) =>
      isJsonObject(part) && part.type === 'output_text' && typeof part.text === 'string' ? part.text : '',
    )
    .join('');
}

/** Generated text of a whole answer: chat/completion choices, Responses output, or a transcript's text. */
export function textOfAnswer(answer: unknown): string {
  if (!isJsonObject(answer)) return '';
  if (Array.isArray(answer.choices)) return choicesText(answer.choices);
  if (Array.isArray(answer.output)) return outputText(answer.output);
  return typeof answer.text === 'string' ? answer.text : '';
}

/** Generated text of one stream event: chat/completion chunk choices, or a Responses text delta. */
export function textOfStreamEvent(event: unknown): string {
  if (!isJsonObject(event)) return '';
  if (Array.isArray(event.choices)) return choicesText(event.choices);
  return event.type === 'response.output_text.delta' && typeof event.delta === 'string' ? event.delta : '';
}
