import { type Json } from '../../protocols/protocol';
import { type RoutedChannel } from '../../routing/routing-table';

/** The channel's header_override on top of the adapter's headers; `{api_key}` becomes the credential sent. */
export function withHeaderOverride(
  headers: Record<string, string>,
  channel: RoutedChannel,
  credential: string,
): Record<string, string> {
  const out = { ...headers };
  for (const [name, value] of Object.entries(channel.headerOverride)) {
    if (typeof value === 'string') out[name.toLowerCase()] = value.replaceAll('{api_key}', credential);
  }
  return out;
}

/** param_override: the channel's top-level keys win over the converted body (reference §2.4), applied last. */
export const withParamOverride = (body: Json, channel: RoutedChannel): Json => ({
  ...body,
  ...channel.paramOverride,
});
