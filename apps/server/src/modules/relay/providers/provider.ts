import { type Selection } from '../routing/channel-selector';
import { type RelayEndpoint } from '../protocols/protocol';
import { type MultipartUpload } from '../requests/multipart';

/** What an adapter needs to build one upstream call for one attempt. */
export interface UpstreamCall {
  endpoint: RelayEndpoint;
  selection: Selection;
  /** The caller's JSON body (a multipart upload's text fields); the adapter returns a new one and never mutates it. */
  body: Readonly<Record<string, unknown>>;
  /** A multipart upload (audio transcriptions) to send as multipart instead of `body`. */
  upload?: MultipartUpload | null;
  /** Ask the provider for a final usage chunk (the relay bills from it). */
  wantStreamUsage: boolean;
}

/** One upstream request; a JSON body is a string, a multipart one a Buffer. */
export interface BuiltRequest<Body extends string | Buffer = string> {
  url: string;
  headers: Record<string, string>;
  body: Body;
}

/** How an OpenAI-protocol provider is called (its answers are read by the OpenAI codec). */
export interface ProviderAdapter {
  buildRequest(call: UpstreamCall): BuiltRequest<string | Buffer>;
}
