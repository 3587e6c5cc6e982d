import { ChannelStatus, channelTypeInfo } from '@tollgate/contracts';
import { type ChannelEntity } from '../../channels/channel.entity';
import { mapModel, type Selection } from '../routing/channel-selector';
import { type ChannelTarget } from '../providers/upstream-adapter';
import { toRoutedChannel } from '../routing/routing-table';

/** The channel's base URL without trailing slashes, or its type's default ('' when the type has none). */
export const resolvedBaseUrl = (type: number, baseUrl: string): string =>
  (baseUrl.trim() || channelTypeInfo(type)?.defaultBaseUrl || '').replace(/\/+$/, '');

/**
 * What one test call uses: the channel as the relay would route it, whatever its status (a disabled channel
 * is tested too, to enable it again), its first usable key and the model after its model_mapping.
 */
export function testSelection(channel: ChannelEntity, keys: readonly string[], model: string): Selection {
  const routed = toRoutedChannel(channel, keys);
  const usable = keys.findIndex((_, index) => !routed.disabledKeys.has(index));
  const keyIndex = usable === -1 ? 0 : usable;
  const upstreamModel = mapModel(routed.modelMapping, model);
  return {
    channel: { ...routed, status: ChannelStatus.Enabled },
    key: keys[keyIndex] ?? '',
    keyIndex,
    upstreamModel,
    modelMapped: upstreamModel !== model,
  };
}

/** The address and first key of a stored channel, for channel-level calls (model list). */
export const storedTarget = (channel: ChannelEntity, keys: readonly string[]): ChannelTarget => ({
  type: channel.type,
  baseUrl: resolvedBaseUrl(channel.type, channel.baseUrl),
  key: keys[0] ?? '',
  other: channel.other,
});
