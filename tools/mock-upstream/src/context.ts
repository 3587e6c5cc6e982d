import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Behaviour } from './behaviour';
import type { JsonObject } from './fields';
import type { MultipartSummary } from './multipart';
import type { MockState } from './state';
import { positiveInt } from './fields';

// What every endpoint handler gets: the parsed request and the behaviour it must act out.
export interface MockContext {
  res: ServerResponse;
  headers: IncomingHttpHeaders;
  body: JsonObject; // the JSON body ({} when none)
  multipart: MultipartSummary | null;
  behaviour: Behaviour;
  model: string | undefined; // from the body, or from the URL where the provider puts it there
  pathParam: string | undefined; // {id} of /v1/models/{id}
  query: URLSearchParams;
  params: Readonly<Record<string, string>>; // named parts of the path (Gemini, Vertex, Bedrock routes)
  state: MockState;
}

export type Handler = (ctx: MockContext) => void;

export function headerInt(ctx: MockContext, name: string): number | undefined {
  const value = ctx.headers[name];
  return typeof value === 'string' ? positiveInt(value.trim()) : undefined;
}

// x-mock-cached-tokens: N (0 allowed) — reported as prompt_tokens_details.cached_tokens.
export function cachedTokens(ctx: MockContext): number | undefined {
  const value = ctx.headers['x-mock-cached-tokens'];
  if (typeof value !== 'string') return undefined;
  const n = Number(value.trim());
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function replyWordsHeader(ctx: MockContext): number | undefined {
  return headerInt(ctx, 'x-mock-reply-words');
}
