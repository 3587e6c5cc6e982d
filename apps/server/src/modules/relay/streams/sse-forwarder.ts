import { StringDecoder } from 'node:string_decoder';
import { type Usage } from '../../billing/billing.types';
import { type StreamEvent, type StreamMeter } from '../protocols/protocol';
import { EventSplitter, parseSseBlock } from '../protocols/sse';

const EVENT_END = '\n\n';

/**
 * Reads an upstream SSE stream in the caller's own protocol for billing only: the meter takes usage and the
 * generated text from the events. Bytes pass through unchanged, except OpenAI's usage-only chunk the relay
 * asked for on the caller's behalf, which is dropped (the caller did not ask for it).
 */
export class SseForwarder {
  private readonly decoder = new StringDecoder('utf8');
  private readonly splitter = new EventSplitter();

  constructor(
    private readonly meter: StreamMeter,
    private readonly dropUsageChunk: boolean,
  ) {}

  get usage(): Usage | null {
    return this.meter.usage;
  }

  get text(): string {
    return this.meter.text;
  }

  /** What to send the caller for this upstream chunk. */
  push(chunk: Buffer): Buffer | string {
    const complete = this.splitter.push(this.decoder.write(chunk).replaceAll('\r\n', '\n'));
    if (complete === null) return this.dropUsageChunk ? '' : chunk;
    const kept = complete.split(EVENT_END).filter((event) => this.read(event));
    if (!this.dropUsageChunk) return chunk;
    return kept.length === 0 ? '' : kept.join(EVENT_END) + EVENT_END;
  }

  /** Whatever is left when the upstream ends (an unterminated last event). */
  finish(): string {
    const rest = (this.splitter.rest() + this.decoder.end()).trim();
    if (rest === '') return '';
    const keep = this.read(rest);
    return this.dropUsageChunk && keep ? rest + EVENT_END : '';
  }

  /** Reads one event; false when it is the usage-only chunk to drop. */
  private read(block: string): boolean {
    const event = this.meter.observeBlock ? this.meter.observeBlock(block) : this.parsed(block);
    // An event the meter left unparsed carries no usage: it is not the usage-only chunk either.
    if (!event || !this.dropUsageChunk) return true;
    const chunk = event.data as { choices?: unknown; usage?: unknown } | null;
    const usageOnly =
      typeof chunk === 'object' &&
      chunk !== null &&
      Array.isArray(chunk.choices) &&
      chunk.choices.length === 0 &&
      chunk.usage !== undefined &&
      chunk.usage !== null;
    return !usageOnly;
  }

  private parsed(block: string): StreamEvent | null {
    const event = parseSseBlock(block);
    if (event) this.meter.observe(event);
    return event;
  }
}

/** The forwarder for answers that are not SSE (speech audio): bytes pass through unread, nothing is learnt. */
export const UNREAD_PASS_THROUGH = {
  usage: null,
  text: '',
  push: (chunk: Buffer): Buffer => chunk,
  finish: (): string => '',
};
