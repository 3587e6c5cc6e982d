import { type RelayEndpoint } from '../../protocols/protocol';
import { type BuiltRequest, type ProviderAdapter, type UpstreamCall } from '../provider';
import { openAiUrl } from './openai-urls';
import { isJsonObject } from '../../../../common/json';

type Json = Record<string, unknown>;

// Only these take stream_options; the Responses API refuses it (its usage is always in response.completed).
const STREAM_USAGE_ENDPOINTS: ReadonlySet<RelayEndpoint> = new Set([
  '/v1/chat/completions',
  '/v1/completions',
]);

/** The body to send: JSON with the mapped model and param_override, or the upload re-encoded with them. */
export function upstreamPayload(call: UpstreamCall): { contentType: string; body: string | Buffer } {
  const { upstreamModel, channel } = call.selection;
  if (call.upload) {
    // param_override keys become form fields; only scalar values have a multipart form.
    const overrides = Object.entries(channel.paramOverride).filter(
      (entry): entry is [string, string | number | boolean] =>
        ['string', 'number', 'boolean'].includes(typeof entry[1]),
    );
    const fields = { model: upstreamModel, ...Object.fromEntries(overrides.map(([k, v]) => [k, String(v)])) };
    return call.upload.encode(fields);
  }
  const body: Json = { ...call.body, model: upstreamModel };
  if (call.wantStreamUsage && body.stream === true && STREAM_USAGE_ENDPOINTS.has(call.endpoint)) {
    const options = isJsonObject(body.stream_options) ? body.stream_options : {};
    body.stream_options = { ...options, include_usage: true };
  }
  // param_override: the channel's top-level keys win over the caller's (reference §2.4).
  return {
    contentType: 'application/json',
    body: JSON.stringify(Object.assign(body, channel.paramOverride)),
  };
}

/** Content type, the provider's auth headers, then the channel's header_override ({api_key} filled in). */
export function upstreamHeaders(
  call: UpstreamCall,
  contentType: string,
  auth: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': contentType, ...auth };
  const { key, channel } = call.selection;
  for (const [name, value] of Object.entries(channel.headerOverride)) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value.replaceAll('{api_key}', key);
  }
  return headers;
}

function bearerAuth(call: UpstreamCall): Record<string, string> {
  const { channel, key } = call.selection;
  const auth: Record<string, string> = { authorization: `Bearer ${key}` };
  if (channel.organization !== '') auth['openai-organization'] = channel.organization;
  return auth;
}

/** The OpenAI protocol, used by every OpenAI-compatible channel type (each with its URL layout). */
export const OPENAI_ADAPTER: ProviderAdapter = {
  buildRequest(call: UpstreamCall): BuiltRequest<string | Buffer> {
    const { channel, upstreamModel } = call.selection;
    const payload = upstreamPayload(call);
    return {
      url: openAiUrl(channel, call.endpoint, upstreamModel),
      headers: upstreamHeaders(call, payload.contentType, bearerAuth(call)),
      body: payload.body,
    };
  },
};
