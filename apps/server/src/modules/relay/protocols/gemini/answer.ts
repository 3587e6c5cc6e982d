import { type Json } from '../protocol';
import { finishFromPivot, finishToPivot } from './finish-reason';
import { compact, numberOf, nowSeconds, objectOf, objectsOf, randomId, stringOf } from './gemini-values';
import { partsOfPivotMessage, piecesOfParts } from './parts';
import { metadataOfPivot, pivotUsageOf } from './usage';

/** OpenAI's id for a Gemini response (its responseId when it sent one). */
export const pivotIdOf = (answer: Json): string => {
  const responseId = stringOf(answer.responseId);
  return responseId ? `chatcmpl-${responseId}` : randomId('chatcmpl-');
};

function choiceOf(candidate: Json, position: number): Json {
  const pieces = piecesOfParts(objectOf(candidate.content).parts);
  const calledTools = pieces.toolCalls.length > 0;
  return {
    index: numberOf(candidate.index) ?? position,
    message: compact({
      role: 'assistant',
      content: pieces.content === '' && calledTools ? null : pieces.content,
      reasoning_content: pieces.reasoning === '' ? undefined : pieces.reasoning,
      tool_calls: calledTools ? pieces.toolCalls : undefined,
    }),
    finish_reason: finishToPivot(candidate.finishReason, calledTools) ?? 'stop',
    logprobs: null,
  };
}

// No candidates at all: the prompt itself was blocked (promptFeedback.blockReason).
function blockedChoice(answer: Json): Json {
  const blocked = stringOf(objectOf(answer.promptFeedback).blockReason) !== undefined;
  return {
    index: 0,
    message: { role: 'assistant', content: '' },
    finish_reason: blocked ? 'content_filter' : 'stop',
    logprobs: null,
  };
}

/** A generateContent answer → an OpenAI chat completion. */
export function answerToPivot(answer: Json): Json {
  const candidates = objectsOf(answer.candidates);
  return compact({
    id: pivotIdOf(answer),
    object: 'chat.completion',
    created: nowSeconds(),
    model: stringOf(answer.modelVersion) ?? '',
    choices: candidates.length > 0 ? candidates.map(choiceOf) : [blockedChoice(answer)],
    usage: pivotUsageOf(answer.usageMetadata) ?? undefined,
  });
}

/** An OpenAI chat completion → a generateContent answer for a Gemini caller. */
export function answerFromPivot(pivot: Json, model: string): Json {
  const candidates = objectsOf(pivot.choices).map((choice, position) => ({
    content: { role: 'model', parts: partsOfPivotMessage(objectOf(choice.message)) },
    finishReason: finishFromPivot(choice.finish_reason) ?? 'STOP',
    index: numberOf(choice.index) ?? position,
  }));
  return compact({
    candidates,
    usageMetadata: metadataOfPivot(pivot.usage) ?? undefined,
    modelVersion: model,
    responseId: stringOf(pivot.id),
  });
}

/** Generated text of a Gemini answer or stream chunk, thinking and call arguments included (all billed output). */
export function textOfGemini(answer: unknown): string {
  return objectsOf(objectOf(answer).candidates)
    .flatMap((candidate) => objectsOf(objectOf(candidate.content).parts))
    .map((part) => {
      const call = objectOf(part.functionCall);
      if (part.functionCall !== undefined)
        return `${stringOf(call.name) ?? ''}${JSON.stringify(call.args ?? {})}`;
      return stringOf(part.text) ?? '';
    })
    .join('');
}
