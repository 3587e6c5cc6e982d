import { StringDecoder } from 'node:string_decoder';
import { type Usage } from '../billing/billing.types';
import { type ProviderAdapter } from './providers/provider';

const EVENT_END = '\n\n';

/**
 * Reads an upstream SSE stream for billing only: usage from the final chunk, and the generated text for a
 * local count when the provider sends no usage. Bytes pass through unchanged, except the usage-only chunk
 * the relay asked for on the caller's behalf, which is dropped (the caller did not ask for it).
 */
export class SseForwarder {
  usage: Usage | null = null;
  text = '';
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  constructor(
    private readonly adapter: ProviderAdapter,
    private readonly dropUsageChunk: boolean,
  ) {}

  /** What to send the caller for this upstream chunk. */
  push(chunk: Buffer): Buffer | string {
    this.pending += this.decoder.write(chunk).replaceAll('\r\n', '\n');
    const end = this.pending.lastIndexOf(EVENT_END);
    if (end < 0) return this.dropUsageChunk ? '' : chunk;
    const complete = this.pending.slice(0, end);
    this.pending = this.pending.slice(end + EVENT_END.length);
    const kept = complete.split(EVENT_END).filter((event) => this.read(event));
    if (!this.dropUsageChunk) return chunk;
    return kept.length === 0 ? '' : kept.join(EVENT_END) + EVENT_END;
  }

  /** Whatever is left when the upstream ends (an unterminated last event). */
  finish(): string {
    const rest = (this.pending + this.decoder.end()).trim();
    this.pending = '';
    if (rest === '') return '';
    const keep = this.read(rest);
    return this.dropUsageChunk && keep ? rest + EVENT_END : '';
  }

  /** Reads one event; false when it is the usage-only chunk to drop. */
  private read(event: string): boolean {
    const data = event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim())
      .join('\n');
    if (data === '' || data === '[DONE]') return true;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return true;
    }
    this.text += this.adapter.textOfEvent(parsed);
    const usage = this.adapter.usageOfEvent(parsed);
    if (!usage) return true;
    this.usage = usage;
    const choices = (parsed as { choices?: unknown }).choices;
    return !(this.dropUsageChunk && Array.isArray(choices) && choices.length === 0);
  }
}
