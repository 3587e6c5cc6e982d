import { type OpenAiErrorBody } from '@tollgate/contracts';
import { type Usage } from '../../billing/billing.types';
import { type Selection } from '../channel-selector';

/** The OpenAI-compatible endpoints the relay forwards; the value is the upstream path under the base URL. */
export type RelayEndpoint = '/v1/chat/completions' | '/v1/completions' | '/v1/embeddings';

/** What an adapter needs to build one upstream call for one attempt. */
export interface UpstreamCall {
  endpoint: RelayEndpoint;
  selection: Selection;
  /** The caller's JSON body; the adapter returns a new one and never mutates it. */
  body: Readonly<Record<string, unknown>>;
  /** Ask the provider for a final usage chunk (the relay bills from it). */
  wantStreamUsage: boolean;
}

export interface BuiltRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** An upstream failure in the caller's protocol, before the relay adds its request id. */
export interface MappedUpstreamError {
  body: OpenAiErrorBody;
}

/** One provider protocol: request building, usage reading and error mapping. */
export interface ProviderAdapter {
  buildRequest(call: UpstreamCall): BuiltRequest;
  /** Usage of a whole JSON answer; null when the provider sent none. */
  usageOfJson(answer: unknown): Usage | null;
  /** Usage carried by one stream event's parsed data; null when it has none. */
  usageOfEvent(event: unknown): Usage | null;
  /** Generated text in one stream event (counted when the provider gives no usage). */
  textOfEvent(event: unknown): string;
  /** Generated text of a whole JSON answer. */
  textOfJson(answer: unknown): string;
  /** The error the caller sees for a non-2xx answer; never contains the channel's keys. */
  mapError(status: number, text: string, secrets: readonly string[]): MappedUpstreamError;
}
