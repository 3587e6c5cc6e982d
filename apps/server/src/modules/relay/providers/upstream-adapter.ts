import { type OptionKey } from '@tollgate/contracts';
import { type Selection } from '../routing/channel-selector';
import { type Json, type Protocol, type StreamDecoder } from '../protocols/protocol';
import { type BuiltRequest } from './provider';

/**
 * The next adapter interface (issue 6): the relay converts the caller's body to `protocolOf(selection)`
 * with the protocol codecs, then the adapter addresses, authenticates and tunes it for its provider.
 * `provider.ts`'s ProviderAdapter is folded into this one when the pipeline switches over.
 */

/** Read-only option access for adapters (claude.*, gemini.* settings). */
export interface AdapterOptions {
  get(key: OptionKey): string;
  getNumber(key: OptionKey): number;
  getBoolean(key: OptionKey): boolean;
  getJson<T>(key: OptionKey): T;
}

export interface ChatCall {
  selection: Selection;
  /** Already in `protocolOf(selection)`'s shape, the upstream model name set where the protocol carries it. */
  body: Readonly<Json>;
  stream: boolean;
  options: AdapterOptions;
}

/** What a channel-level call (model list, balance) needs: the channel's address and one key. */
export interface ChannelTarget {
  type: number;
  /** No trailing slash; the type's default when the channel has none. */
  baseUrl: string;
  key: string;
  other: string;
}

export interface UpstreamAdapter {
  /** The protocol the provider speaks for this selection (Vertex: Claude models speak Claude). */
  protocolOf(selection: Selection): Protocol;
  /** URL, headers and final body of one chat attempt; async where auth needs a fetched token (Vertex). */
  buildChat(call: ChatCall): BuiltRequest | Promise<BuiltRequest>;
  /** Decoder for streamed answers; omitted = server-sent events. */
  streamDecoder?(): StreamDecoder;
  /**
   * Whether the protocol's body reaches the provider as it is (no envelope around it, no signature over it):
   * only then may global.pass_through_request_enabled send the caller's own bytes. Omitted = never.
   */
  takesCallerBody?(selection: Selection): boolean;
  /** Whether the provider takes images and documents only inline (base64): their URLs are fetched first. */
  needsInlineMedia?(selection: Selection): boolean;
  /** The provider's model list: the request and how to read its answer. */
  listModels?(target: ChannelTarget): ModelListRequest;
}

/**
 * A model-list request. The optional parts stay optional so the one-request adapters (Anthropic, Gemini) and
 * their callers keep their shape: a list behind a fetched token, on several URLs or paged says so here.
 */
export interface ModelListRequest extends BuiltRequest {
  method: 'GET' | 'POST';
  parse(answer: unknown): string[];
  /** Credential headers that need a fetch first (Vertex: the access token), merged over `headers`. */
  authorize?(): Promise<Record<string, string>>;
  /** More lists read the same way with the same headers, their ids merged (Vertex: one list per publisher). */
  moreUrls?: readonly string[];
  /** The next page's URL when this answer says there is one (same headers: not for per-URL signatures). */
  nextUrl?(answer: unknown, url: string): string | null;
}
