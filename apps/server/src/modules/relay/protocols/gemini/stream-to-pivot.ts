import { type Json, type StreamEvent, type StreamTranscoder } from '../protocol';
import { pivotIdOf } from './answer';
import { geminiErrorToPivot } from './errors';
import { finishToPivot } from './finish-reason';
import { DONE, isObject, numberOf, nowSeconds, objectOf, objectsOf, stringOf } from './gemini-values';
import { piecesOfParts } from './parts';
import { pivotUsageOf } from './usage';

/**
 * Gemini's SSE (each event a partial GenerateContentResponse, usage growing on every one) → OpenAI chat
 * chunks: role on a candidate's first delta, whole function calls as tool-call deltas, the finish reason
 * when Gemini gives it; the latest usage becomes one final `choices: []` chunk, then [DONE].
 */
export class GeminiToPivotStream implements StreamTranscoder {
  private id = '';
  private model = '';
  private readonly created = nowSeconds();
  private readonly started = new Set<number>();
  private readonly toolCallCounts = new Map<number, number>();
  private usage: Json | null = null;

  push(event: StreamEvent): StreamEvent[] {
    const data = event.data;
    if (!isObject(data)) return [];
    const error = geminiErrorToPivot(data, 500);
    if (error) return [{ data: error }];
    this.id ||= pivotIdOf(data);
    this.model ||= stringOf(data.modelVersion) ?? '';
    this.usage = pivotUsageOf(data.usageMetadata) ?? this.usage;
    const candidates = objectsOf(data.candidates);
    const choices = candidates.map((candidate, position) => this.choiceOf(candidate, position));
    if (candidates.length === 0 && stringOf(objectOf(data.promptFeedback).blockReason)) {
      choices.push(this.blockedChoice());
    }
    const sent = choices.filter((choice): choice is Json => choice !== null);
    return sent.length > 0 ? [{ data: this.chunk(sent) }] : [];
  }

  finish(): StreamEvent[] {
    const events: StreamEvent[] = [];
    if (this.usage) events.push({ data: { ...this.chunk([]), usage: this.usage } });
    this.usage = null;
    events.push({ data: DONE });
    return events;
  }

  private chunk(choices: Json[]): Json {
    return {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices,
    };
  }

  private choiceOf(candidate: Json, position: number): Json | null {
    const index = numberOf(candidate.index) ?? position;
    const pieces = piecesOfParts(objectOf(candidate.content).parts);
    const delta: Json = {};
    if (!this.started.has(index)) {
      this.started.add(index);
      delta.role = 'assistant';
    }
    if (pieces.reasoning !== '') delta.reasoning_content = pieces.reasoning;
    if (pieces.content !== '') delta.content = pieces.content;
    if (pieces.toolCalls.length > 0) delta.tool_calls = this.numbered(index, pieces.toolCalls);
    const finish = finishToPivot(candidate.finishReason, (this.toolCallCounts.get(index) ?? 0) > 0);
    if (Object.keys(delta).length === 0 && finish === null) return null;
    if (delta.role !== undefined && delta.content === undefined) delta.content = '';
    return { index, delta, finish_reason: finish, logprobs: null };
  }

  /** OpenAI numbers a choice's tool calls across the whole stream. */
  private numbered(index: number, toolCalls: Json[]): Json[] {
    const first = this.toolCallCounts.get(index) ?? 0;
    this.toolCallCounts.set(index, first + toolCalls.length);
    return toolCalls.map((toolCall, offset) => ({ index: first + offset, ...toolCall }));
  }

  private blockedChoice(): Json {
    const delta: Json = this.started.has(0) ? {} : { role: 'assistant', content: '' };
    this.started.add(0);
    return { index: 0, delta, finish_reason: 'content_filter', logprobs: null };
  }
}
