import { ChannelType, channelTypeInfo } from '@tollgate/contracts';
import { type RoutedChannel } from '../../routing/routing-table';
import { upstreamHeaders, upstreamPayload } from '../openai/openai-adapter';
import { type RelayEndpoint } from '../../protocols/protocol';
import { type BuiltRequest, type ProviderAdapter, type UpstreamCall } from '../provider';

/** Reference §5: the API version when the channel's `other` gives none. */
export const AZURE_DEFAULT_API_VERSION =
  channelTypeInfo(ChannelType.Azure)?.otherDefault ?? '2024-12-01-preview';

// Azure serves the Responses API on its v1 surface only, with the model in the body instead of the path.
const AZURE_RESPONSES_PATH = '/openai/v1/responses?api-version=preview';

/**
 * `{resource endpoint}/openai/deployments/{deployment}/{endpoint}?api-version=…`. The deployment is the
 * upstream model name as it is (reference §5: deployments are named after models; model_mapping otherwise).
 */
export function azureUrl(channel: RoutedChannel, endpoint: RelayEndpoint, deployment: string): string {
  if (endpoint === '/v1/responses') return `${channel.baseUrl}${AZURE_RESPONSES_PATH}`;
  const version = channel.other.trim() || AZURE_DEFAULT_API_VERSION;
  const operation = endpoint.slice('/v1'.length);
  return `${channel.baseUrl}/openai/deployments/${encodeURIComponent(deployment)}${operation}?api-version=${encodeURIComponent(version)}`;
}

/** Azure OpenAI (type 3): OpenAI's protocol at deployment URLs, authenticated with an `api-key` header. */
export const AZURE_ADAPTER: ProviderAdapter = {
  buildRequest(call: UpstreamCall): BuiltRequest<string | Buffer> {
    const { channel, key, upstreamModel } = call.selection;
    const payload = upstreamPayload(call);
    return {
      url: azureUrl(channel, call.endpoint, upstreamModel),
      headers: upstreamHeaders(call, payload.contentType, { 'api-key': key }),
      body: payload.body,
    };
  },
};
