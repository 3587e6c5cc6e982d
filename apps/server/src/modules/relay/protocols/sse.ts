import { StringDecoder } from 'node:string_decoder';
import { type StreamEvent } from './protocol';

const EVENT_END = '\n\n';
export const DONE = '[DONE]';

/** One SSE block (`event:` and `data:` lines) → an event; null for comments, keep-alives and unparsable data. */
export function parseSseBlock(block: string): StreamEvent | null {
  // Nearly every event of OpenAI-style streams is one `data:` line: no split, no array.
  if (block.startsWith('data:') && !block.includes('\n')) return parseData(undefined, block.slice(5).trim());
  let name: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    else if (line.startsWith('event:')) name = line.slice(6).trim();
  }
  return parseData(name, data.join('\n').trim());
}

function parseData(name: string | undefined, text: string): StreamEvent | null {
  if (text === '') return null;
  if (text === DONE) return { event: name, data: DONE };
  try {
    return { event: name, data: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** Splits a byte stream into server-sent events, whatever the chunk boundaries (and CRLF line ends). */
export class SseDecoder {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  push(chunk: Buffer): StreamEvent[] {
    this.pending += this.decoder.write(chunk).replaceAll('\r\n', '\n');
    const end = this.pending.lastIndexOf(EVENT_END);
    if (end < 0) return [];
    const complete = this.pending.slice(0, end);
    this.pending = this.pending.slice(end + EVENT_END.length);
    return parseBlocks(complete);
  }

  finish(): StreamEvent[] {
    const rest = (this.pending + this.decoder.end()).trim();
    this.pending = '';
    return rest === '' ? [] : parseBlocks(rest);
  }
}

function parseBlocks(text: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const block of text.split(EVENT_END)) {
    const event = parseSseBlock(block);
    if (event) events.push(event);
  }
  return events;
}

/** The wire form of one event. */
export function encodeSse(event: StreamEvent): string {
  const data = event.data === DONE ? DONE : JSON.stringify(event.data);
  return event.event === undefined ? `data: ${data}\n\n` : `event: ${event.event}\ndata: ${data}\n\n`;
}
