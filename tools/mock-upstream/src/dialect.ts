// How a provider authenticates callers and shapes its errors. Each route names its dialect, so the
// shared request pipeline (record → route → auth → behaviour) answers in the provider's own shapes.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { NORMAL, type Behaviour } from './behaviour';
import { sendJson } from './reply';
import type { MockState } from './state';

// The request as it arrived: SigV4 signs the raw (still percent-encoded) path, the query and the body bytes.
export interface RequestView {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

export interface Refusal {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface Dialect {
  authenticate(req: RequestView, state: MockState): Refusal | null;
  // 400 in the provider's shape: a body that is not JSON, a bad x-mock-behaviour header.
  invalidRequest(message: string): Refusal;
  // The answer of a forced failure (model `mock-500`, `x-mock-behaviour: 429`…).
  statusError(status: number): Refusal;
}

export function sendRefusal(res: ServerResponse, refusal: Refusal, b: Behaviour = NORMAL): void {
  // writeHead (inside sendJson) merges headers set here.
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  sendJson(res, refusal.status, refusal.body, b);
}

export function headerText(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}
