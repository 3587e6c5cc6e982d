import { type Json, type StreamEvent, type StreamTranscoder } from '../protocol';
import { errorFromPivot } from './errors';
import { finishFromPivot } from './finish-reason';
import { compact, DONE, isObject, numberOf, objectOf, objectsOf, stringOf } from './gemini-values';
import { functionCallParts, partsOfPivotMessage } from './parts';
import { metadataOfPivot } from './usage';

/** One tool call as its fragments arrive (OpenAI streams the arguments in pieces). */
interface BufferedCall {
  name: string;
  arguments: string;
  extra_content?: unknown;
}

/**
 * OpenAI chat chunks → Gemini SSE events (`data:` only). Gemini sends each function call whole, so tool-call
 * fragments are held until their choice finishes; the finishing event is held too until the usage chunk
 * that follows it, so usageMetadata rides on the last event as Gemini's own streams do.
 */
export class PivotToGeminiStream implements StreamTranscoder {
  private responseId: string | undefined;
  private readonly calls = new Map<number, Map<number, BufferedCall>>();
  private pending: Json | null = null;

  constructor(private readonly model: string) {}

  push(event: StreamEvent): StreamEvent[] {
    const data = event.data;
    if (data === DONE) return this.flush();
    if (!isObject(data)) return [];
    if (isObject(data.error)) return [...this.flush(), { data: this.errorOf(data.error) }];
    this.responseId ??= stringOf(data.id);
    const events: StreamEvent[] = [];
    const candidates = objectsOf(data.choices)
      .map((choice, position) => this.candidateOf(choice, position))
      .filter((candidate): candidate is Json => candidate !== null);
    if (candidates.length > 0) {
      events.push(...this.releasePending());
      const response = this.response(candidates);
      if (candidates.some((candidate) => candidate.finishReason !== undefined)) this.pending = response;
      else events.push({ data: response });
    }
    const metadata = metadataOfPivot(data.usage);
    if (metadata) {
      this.pending = { ...(this.pending ?? this.response([])), usageMetadata: metadata };
      events.push(...this.releasePending());
    }
    return events;
  }

  finish(): StreamEvent[] {
    return this.flush();
  }

  private flush(): StreamEvent[] {
    // Calls of a choice that never finished (a cut stream) still reach the caller whole.
    const unfinished = [...this.calls.keys()].map((index) => ({
      content: { role: 'model', parts: this.takeCalls(index) },
      finishReason: 'STOP',
      index,
    }));
    const events =
      unfinished.length > 0 ? [...this.releasePending(), { data: this.response(unfinished) }] : [];
    return [...events, ...this.releasePending()];
  }

  private releasePending(): StreamEvent[] {
    const pending = this.pending;
    this.pending = null;
    return pending ? [{ data: pending }] : [];
  }

  private response(candidates: Json[]): Json {
    return compact({
      candidates: candidates.length > 0 ? candidates : undefined,
      modelVersion: this.model,
      responseId: this.responseId,
    });
  }

  private candidateOf(choice: Json, position: number): Json | null {
    const index = numberOf(choice.index) ?? position;
    const delta = objectOf(choice.delta);
    const parts = partsOfPivotMessage({ ...delta, tool_calls: undefined });
    this.buffer(index, delta.tool_calls);
    const finishReason = finishFromPivot(choice.finish_reason);
    if (finishReason !== undefined) parts.push(...this.takeCalls(index));
    if (parts.length === 0 && finishReason === undefined) return null;
    return compact({
      content: { role: 'model', parts: parts.length > 0 ? parts : [{ text: '' }] },
      finishReason,
      index,
    });
  }

  private buffer(index: number, toolCalls: unknown): void {
    for (const fragment of objectsOf(toolCalls)) {
      const calls = this.calls.get(index) ?? new Map<number, BufferedCall>();
      this.calls.set(index, calls);
      const position = numberOf(fragment.index) ?? calls.size;
      const call = calls.get(position) ?? { name: '', arguments: '' };
      const fn = objectOf(fragment.function);
      call.name ||= stringOf(fn.name) ?? '';
      call.arguments += stringOf(fn.arguments) ?? '';
      call.extra_content ??= fragment.extra_content;
      calls.set(position, call);
    }
  }

  private takeCalls(index: number): Json[] {
    const calls = this.calls.get(index);
    this.calls.delete(index);
    if (!calls) return [];
    const toolCalls = [...calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => ({
        function: { name: call.name, arguments: call.arguments },
        extra_content: call.extra_content,
      }));
    return functionCallParts(toolCalls, false);
  }

  private errorOf(error: Json): Json {
    const message = stringOf(error.message) ?? 'upstream stream error';
    return errorFromPivot(500, { error: { message, type: 'upstream_error', param: null, code: null } });
  }
}
