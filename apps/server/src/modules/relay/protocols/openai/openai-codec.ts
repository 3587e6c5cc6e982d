import { type Usage } from '../../../billing/billing.types';
import { upstreamErrorBody } from './openai-errors';
import { textOfAnswer, textOfStreamEvent, usageOfAnswer, usageOfStreamEvent } from './openai-usage';
import {
  type Json,
  type ProtocolCodec,
  type StreamEvent,
  type StreamMeter,
  type StreamTranscoder,
} from '../protocol';
import { parseSseBlock } from '../sse';

// A usage object, not `"usage":null` (which providers put on every chunk when usage is asked for).
const USAGE_OBJECT = /"usage"\s*:\s*\{/;
// Blocks kept unparsed at most this long (characters); past it they are read into text at once.
const UNREAD_LIMIT = 64 * 1024;

class OpenAiStreamMeter implements StreamMeter {
  usage: Usage | null = null;
  private readText = '';
  private unread: string[] = [];
  private unreadLength = 0;

  get text(): string {
    if (this.unread.length > 0) this.readUnread();
    return this.readText;
  }

  observe(event: StreamEvent): void {
    this.usage = usageOfStreamEvent(event.data) ?? this.usage;
    this.readText += textOfStreamEvent(event.data);
  }

  observeBlock(block: string): StreamEvent | null {
    this.unread.push(block);
    this.unreadLength += block.length;
    if (this.unreadLength > UNREAD_LIMIT) this.readUnread();
    if (!USAGE_OBJECT.test(block)) return null;
    const event = parseSseBlock(block);
    this.usage = (event && usageOfStreamEvent(event.data)) ?? this.usage;
    return event;
  }

  // Text in stream order; usage was taken when its block came.
  private readUnread(): void {
    for (const block of this.unread) {
      const event = parseSseBlock(block);
      if (event) this.readText += textOfStreamEvent(event.data);
    }
    this.unread = [];
    this.unreadLength = 0;
  }
}

/** OpenAI chunks are the pivot already: only the model name changes, to the one the caller asked for. */
class RenamingStream implements StreamTranscoder {
  constructor(private readonly model: string | null) {}

  push(event: StreamEvent): StreamEvent[] {
    const { data } = event;
    if (this.model === null || data === null || typeof data !== 'object' || !('model' in data))
      return [event];
    return [{ data: { ...data, model: this.model } }];
  }

  finish(): StreamEvent[] {
    return [];
  }
}

/** OpenAI's chat completions protocol: the pivot itself, so its conversions are (nearly) identities. */
export const OPENAI_CODEC: ProtocolCodec = {
  protocol: 'openai',
  requestToPivot: (body: Json, model: string, stream: boolean) => ({ ...body, model, stream }),
  requestFromPivot: (pivot: Json) => pivot,
  answerToPivot: (answer: Json) => answer,
  answerFromPivot: (pivot: Json, model: string) => ({ ...pivot, model }),
  streamToPivot: () => new RenamingStream(null),
  streamFromPivot: (model: string) => new RenamingStream(model),
  usageOfAnswer,
  textOfAnswer,
  streamMeter: () => new OpenAiStreamMeter(),
  errorToPivot: upstreamErrorBody,
  errorFromPivot: (_status, error) => ({ ...error }),
};
