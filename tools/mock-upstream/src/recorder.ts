import type { IncomingHttpHeaders } from 'node:http';

// What reached the "provider": tests assert on model mapping, overridden params and headers.
export interface RecordedRequest {
  method: string;
  path: string; // without the query string
  query: string; // the raw query string without '?', '' when none
  headers: Record<string, string>; // lower-case names; repeated headers joined with ", "
  body: unknown; // parsed JSON, a multipart summary, raw text, or null when empty
  rawBody: string; // the body bytes as UTF-8 text, exactly as sent ('' for multipart and empty bodies)
  receivedAt: number; // epoch milliseconds
}

// A bounded log, so a long-running standalone mock cannot grow without limit.
export class Recorder {
  private list: RecordedRequest[] = [];

  constructor(
    readonly enabled: boolean,
    private readonly max: number,
  ) {}

  add(
    method: string,
    path: string,
    query: string,
    headers: IncomingHttpHeaders,
    body: unknown,
    rawBody = '',
  ): void {
    if (this.list.length >= this.max) this.list.shift();
    this.list.push({ method, path, query, headers: flatten(headers), body, rawBody, receivedAt: Date.now() });
  }

  all(): RecordedRequest[] {
    return this.list.slice();
  }

  reset(): void {
    this.list = [];
  }
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
