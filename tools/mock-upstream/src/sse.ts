// Splits a text/event-stream body into events; exported so gateway tests can read streams the same way.
export interface SseEvent {
  event: string | null;
  data: string;
}

export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let event: string | null = null;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
    if (event !== null || data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return events;
}
