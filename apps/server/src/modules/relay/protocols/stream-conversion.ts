import { type Usage } from '../../billing/billing.types';
import { type StreamDecoder } from '../providers/upstream-adapter';
import { type StreamEvent, type StreamMeter, type StreamTranscoder } from './protocol';
import { encodeSse } from './sse';

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
 * pivot → caller), and written as SSE.
 */
export class ConvertingStream {
  constructor(
    private readonly decoder: StreamDecoder,
    private readonly meter: StreamMeter,
    private readonly steps: readonly StreamTranscoder[],
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
    return out;
  }

  private emit(events: readonly StreamEvent[], fromStep: number, observe = fromStep === 0): string {
    let out = '';
    for (const event of events) {
      if (observe) this.meter.observe(event);
      let current: StreamEvent[] = [event];
      for (const step of this.steps.slice(fromStep)) current = current.flatMap((item) => step.push(item));
      for (const item of current) out += encodeSse(item);
    }
    return out;
  }
}
