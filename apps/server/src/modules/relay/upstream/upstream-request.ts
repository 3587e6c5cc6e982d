import { type OpenAiErrorBody } from '@tollgate/contracts';
import { ChannelType } from '@tollgate/contracts';
import { type Selection } from '../routing/channel-selector';
import { codecFor } from '../protocols/codecs';
import { type Json, type Protocol, type StreamDecoder } from '../protocols/protocol';
import { adapterFor, nativeAdapterFor } from '../providers';
import { buildEmbedding, embeddingAnswerToOpenAi } from '../providers/gemini/gemini-embeddings';
import { type BuiltRequest } from '../providers/provider';
import { type AdapterOptions } from '../providers/upstream-adapter';
import { type RelayRequest } from '../requests/relay-request';
import { type FetchCallerUrl, inlineMediaUrls } from '../media/inline-media';
import { redactErrorBody } from './secrets';

/** One attempt's upstream request, and how to read what comes back. */
export interface PreparedAttempt {
  built: BuiltRequest<string | Buffer>;
  /** The protocol the provider answers in. */
  protocol: Protocol;
  /** Non-SSE stream framing (Bedrock); null for server-sent events. */
  decoder: StreamDecoder | null;
  /** For calls outside the chat codecs (Gemini embeddings): the provider's answer → the caller's. */
  reshape: ((answer: unknown) => Json) | null;
}

/** Thrown when the picked channel's provider has no form of the endpoint (e.g. images on a Claude channel). */
export class UnsupportedEndpoint extends Error {}

/** What building an attempt needs of a call (channel tests build one without a caller). */
export type AttemptInput = Pick<
  RelayRequest,
  'inbound' | 'endpoint' | 'body' | 'upload' | 'model' | 'stream' | 'passThroughBody'
>;

/**
 * global.pass_through_request_enabled: the caller's own bytes instead of the built body when the provider
 * speaks the caller's protocol and reads that body as it is. URL and headers stay the adapter's (auth, the
 * mapped model where the URL names it); the body keeps the caller's model, fields, order and spacing.
 */
function passedThrough<B extends string | Buffer>(
  built: BuiltRequest<B>,
  request: AttemptInput,
  protocol: Protocol,
): BuiltRequest<B | Buffer> {
  const raw = request.passThroughBody;
  return raw && request.inbound === protocol && !request.upload ? { ...built, body: raw } : built;
}

/** The caller's body in `protocol`'s shape: untouched when the caller speaks it, else through the pivot. */
export function bodyFor(request: AttemptInput, protocol: Protocol): Readonly<Json> {
  if (request.inbound === protocol) return request.body;
  const pivot =
    request.inbound === 'openai'
      ? request.body
      : codecFor(request.inbound).requestToPivot(request.body, request.model, request.stream);
  return protocol === 'openai' ? pivot : codecFor(protocol).requestFromPivot(pivot);
}

/**
 * URL, headers and body for one attempt on the selected channel, converted to its provider's protocol.
 * `fetchMedia` fetches the caller's file URLs for providers that take media only inline (none: left as URLs).
 */
export async function prepareAttempt(
  request: AttemptInput,
  selection: Selection,
  options: AdapterOptions,
  fetchMedia?: FetchCallerUrl,
): Promise<PreparedAttempt> {
  const native = nativeAdapterFor(selection.channel.type);
  if (!native) {
    const built = adapterFor(selection.channel.type).buildRequest({
      endpoint: request.endpoint,
      selection,
      body: bodyFor(request, 'openai'),
      upload: request.upload,
      wantStreamUsage: request.stream,
    });
    return {
      built: passedThrough(built, request, 'openai'),
      protocol: 'openai',
      decoder: null,
      reshape: null,
    };
  }
  if (request.endpoint === '/v1/embeddings' && selection.channel.type === ChannelType.Gemini) {
    const body = bodyFor(request, 'openai');
    return {
      built: buildEmbedding(selection, body),
      protocol: 'gemini',
      decoder: null,
      reshape: (answer) => embeddingAnswerToOpenAi(answer, request.model, body.input),
    };
  }
  if (request.endpoint !== '/v1/chat/completions') throw new UnsupportedEndpoint(request.endpoint);
  const protocol = native.protocolOf(selection);
  const converted = bodyFor(request, protocol);
  const body =
    fetchMedia && native.needsInlineMedia?.(selection)
      ? await inlineMediaUrls(converted, fetchMedia)
      : converted;
  const built = await native.buildChat({ selection, body, stream: request.stream, options });
  return {
    built: native.takesCallerBody?.(selection) ? passedThrough(built, request, protocol) : built,
    protocol,
    decoder: native.streamDecoder?.() ?? null,
    reshape: null,
  };
}

/** A provider's error body in the OpenAI shape the relay carries internally, without any channel key. */
export function upstreamError(
  protocol: Protocol,
  status: number,
  text: string,
  secrets: readonly string[],
): OpenAiErrorBody {
  return redactErrorBody(codecFor(protocol).errorToPivot(status, text), secrets);
}
