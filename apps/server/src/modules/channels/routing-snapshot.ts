import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { AbilityEntity } from './ability.entity';
import { ChannelEntity } from './channel.entity';

/** A channel row as routing reads it: `key` stays sealed here (it only tells whether keys changed). */
export type RoutingChannelRow = Pick<
  ChannelEntity,
  | 'id'
  | 'type'
  | 'name'
  | 'status'
  | 'key'
  | 'baseUrl'
  | 'openaiOrganization'
  | 'other'
  | 'modelMapping'
  | 'statusCodeMapping'
  | 'setting'
  | 'paramOverride'
  | 'headerOverride'
  | 'autoBan'
  | 'channelInfo'
  | 'createdTime'
>;

export type RoutingAbilityRow = Pick<AbilityEntity, 'group' | 'model' | 'channelId' | 'priority' | 'weight'>;

/**
 * The relay's read model of channels and abilities, loaded whole into memory at boot, on every
 * channels:changed notice and every minute. Read only; the channels module owns these tables.
 */
@Injectable()
export class RoutingSnapshotReader {
  private readonly channels: Repository<ChannelEntity>;
  private readonly abilities: Repository<AbilityEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.channels = dataSource.getRepository(ChannelEntity);
    this.abilities = dataSource.getRepository(AbilityEntity);
  }

  listChannels(): Promise<RoutingChannelRow[]> {
    return this.channels.find({
      select: {
        id: true,
        type: true,
        name: true,
        status: true,
        key: true,
        baseUrl: true,
        openaiOrganization: true,
        other: true,
        modelMapping: true,
        statusCodeMapping: true,
        setting: true,
        paramOverride: true,
        headerOverride: true,
        autoBan: true,
        channelInfo: true,
        createdTime: true,
      },
    });
  }

  listEnabledAbilities(): Promise<RoutingAbilityRow[]> {
    return this.abilities.find({
      select: { group: true, model: true, channelId: true, priority: true, weight: true },
      where: { enabled: true },
    });
  }
}
