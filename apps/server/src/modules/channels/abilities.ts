import { ChannelStatus, splitCommaList } from '@tollgate/contracts';
import { type AbilityEntity } from './ability.entity';
import { type ChannelEntity } from './channel.entity';

export type AbilitySource = Pick<
  ChannelEntity,
  'id' | 'models' | 'group' | 'status' | 'priority' | 'weight' | 'tag'
>;

/** One routing row per group × model of the channel, carrying what the picker sorts and filters on. */
export function abilityRows(channel: AbilitySource): AbilityEntity[] {
  const models = splitCommaList(channel.models);
  return splitCommaList(channel.group).flatMap((group) =>
    models.map((model) => ({
      group,
      model,
      channelId: channel.id,
      enabled: channel.status === ChannelStatus.Enabled,
      priority: channel.priority,
      weight: channel.weight,
      tag: channel.tag,
    })),
  );
}
