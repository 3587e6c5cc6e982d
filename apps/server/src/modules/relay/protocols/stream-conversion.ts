import { type Usage } from '../../billing/billing.types';
import { type StreamDecoder, type StreamEvent, type StreamMeter, type StreamTranscoder } from './protocol';
import { DONE, encodeSse } from './sse';

/** How events are written to the caller: SSE, or the elements of one JSON array (Gemini without alt=sse). */
export interface StreamFraming {
  encode(event: StreamEvent): string;
  /** What ends the stream. */
  close(): string;
}

export const SSE_FRAMING: StreamFraming = { encode: encodeSse, close: () => '' };

export class JsonArrayFraming implements StreamFraming {
  private opened = false;

  encode(event: StreamEvent): string {
    if (event.data === DONE) return '';
    const separator = this.opened ? ',\r\n' : '[';
    this.opened = true;
    return separator + JSON.stringify(event.data);
  }

  close(): string {
    return this.opened ? ']' : '[]';
  }
}

const isUsageOnlyChunk = (data: unknown): boolean => {
  const chunk = data as { choices?: unknown; usage?: unknown } | null;
  return (
    chunk !== null &&
    typeof chunk === 'object' &&
    Array.isArray(chunk.choices) &&
    chunk.choices.length === 0 &&
    chunk.usage !== undefined
  );
};

/** Drops the pivot's final usage chunk for an OpenAI caller that did not ask for it (stream_options). */
export class UsageChunkFilter implements StreamTranscoder {
  push(event: StreamEvent): StreamEvent[] {
    return isUsageOnlyChunk(event.data) ? [] : [event];
  }

  finish(): StreamEvent[] {
    return [];
  }
}

/**
 * A stream that cannot pass through byte for byte: another protocol than the caller's, or another framing
 * (Bedrock's event stream). Decoded into events, metered for billing, run through the transcoders (upstream →
 * pivot → caller), and written in the caller's framing (SSE unless told).
 */
export class ConvertingStream {
  constructor(
    private readonly decoder: StreamDecoder,
    private readonly meter: StreamMeter,
    private readonly steps: readonly StreamTranscoder[],
    private readonly framing: StreamFraming = SSE_FRAMING,
  ) {}

  get usage(): Usage | null {
    return this.meter.usage;
  }

  get text(): string {
    return this.meter.text;
  }

  push(chunk: Buffer): string {
    return this.emit(this.decoder.push(chunk), 0);
  }

  finish(): string {
    let out = this.emit(this.decoder.finish(), 0);
    // Each step closes after everything before it has flushed into it.
    this.steps.forEach((step, index) => {
      out += this.emit(step.finish(), index + 1, false);
    });
    return out + this.framing.close();
  }

  private emit(events: readonly StreamEvent[], fromStep: number, observe = fromStep === 0): string {
    let out = '';
    for (const event of events) {
      if (observe) this.meter.observe(event);
      let current: StreamEvent[] = [event];
      for (const step of this.steps.slice(fromStep)) current = current.flatMap((item) => step.push(item));
      for (const item of current) out += this.framing.encode(item);
    }
    return out;
  }
}
