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

/**
 * Cuts decoded stream text at the last event end. Pieces are held as they come and joined once an event ends:
 * searching all the held text for every chunk made one long event, arriving in many chunks, quadratic.
 */
export class EventSplitter {
  private held: string[] = [];
  // The last character held: an event end may be split across two chunks.
  private heldTail = '';

  /** The text of the events that `text` completes (without the last separator), or null if none. */
  push(text: string): string | null {
    const window = this.heldTail + text;
    const at = window.lastIndexOf(EVENT_END);
    if (at < 0) {
      if (text !== '') this.held.push(text);
      this.heldTail = window.slice(-1);
      return null;
    }
    const whole = this.held.join('') + text;
    const end = whole.length - window.length + at;
    const rest = whole.slice(end + EVENT_END.length);
    this.held = rest === '' ? [] : [rest];
    this.heldTail = rest.slice(-1);
    return whole.slice(0, end);
  }

  /** What is held when the stream ends (an unterminated last event). */
  rest(): string {
    const rest = this.held.join('');
    this.held = [];
    this.heldTail = '';
    return rest;
  }
}

/** Splits a byte stream into server-sent events, whatever the chunk boundaries (and CRLF line ends). */
export class SseDecoder {
  private readonly decoder = new StringDecoder('utf8');
  private readonly splitter = new EventSplitter();

  push(chunk: Buffer): StreamEvent[] {
    const complete = this.splitter.push(this.decoder.write(chunk).replaceAll('\r\n', '\n'));
    return complete === null ? [] : parseBlocks(complete);
  }

  finish(): StreamEvent[] {
    const rest = (this.splitter.rest() + this.decoder.end()).trim();
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
