import { type EntityManager } from 'typeorm';
import { Injectable } from '@nestjs/common';
import {
  type ChannelAddMode,
  type ChannelInfo,
  ChannelStatus,
  ChannelType,
  type MultiKeyMode,
  channelKeyIssue,
} from '@tollgate/contracts';
import { nowSeconds } from '../../infra/database/columns';
import { OptionsService } from '../options/options.service';
import { type ChannelEntity } from './channel.entity';
import { ALL_CHANNELS, ChannelEvents } from './channel-events';
import { type ChannelFields, type ChannelFormInput, resolveChannelFields } from './channel-form';
import { applyStatus, multiKeyInfo, readChannelInfo, singleKeyInfo, writeChannelInfo } from './channel-info';
import { ChannelKeyVault } from './channel-key-vault';
import { splitKeyText } from './channel-keys';
import { type ChannelFilter, type ChannelListView, type ChannelPage } from './channel-list.queries';
import { channelError, refuse } from './channels.errors';
import { ChannelsRepository, type NewChannel } from './channels.repository';
import { type RoutingAbilityRow, type RoutingChannelRow, RoutingSnapshotReader } from './routing-snapshot';

export interface ChannelAddInput {
  mode: ChannelAddMode;
  multiKeyMode: MultiKeyMode;
  form: ChannelFormInput;
}

export interface ChannelUpdateInput extends ChannelFormInput {
  id: number;
  multi_key_mode?: MultiKeyMode;
}

// The name column's length: a copy's suffix is kept whole, the original name cut to make room.
const CHANNEL_NAME_LIMIT = 255;

const refuseBadKeys = (type: number, keys: readonly string[]): void => {
  for (const key of keys) refuse(channelKeyIssue(type, key));
};

/** Channel administration: every write keeps the abilities in step and tells the routing caches. */
@Injectable()
export class ChannelsService {
  constructor(
    private readonly repository: ChannelsRepository,
    private readonly vault: ChannelKeyVault,
    private readonly events: ChannelEvents,
    private readonly options: OptionsService,
    private readonly routing: RoutingSnapshotReader,
  ) {}

  list(filter: ChannelFilter, view: ChannelListView): Promise<ChannelPage> {
    return this.repository.listPage(filter, view);
  }

  async get(id: number): Promise<ChannelEntity> {
    const channel = await this.repository.findById(id);
    if (!channel) throw channelError('channel_not_found');
    return channel;
  }

  /** single: one channel; batch: one channel per key line; multi_to_single: one channel holding every key. */
  async create({ mode, multiKeyMode, form }: ChannelAddInput): Promise<number[]> {
    const keyText = form.key?.trim() ?? '';
    const keys =
      mode === 'single' ? [keyText].filter(Boolean) : splitKeyText(form.type ?? ChannelType.OpenAI, keyText);
    const fields = resolveChannelFields(form, null, keys.length > 0);
    refuseBadKeys(fields.type, keys);
    const rows =
      mode === 'multi_to_single'
        ? [this.newChannel(fields, keys, multiKeyInfo(keys.length, multiKeyMode))]
        : keys.map((key) => this.newChannel(fields, [key], singleKeyInfo()));
    const ids = (await this.repository.insertMany(rows)).map((channel) => channel.id);
    await this.events.changed(ids);
    return ids;
  }

  /** Absent fields keep their value; an empty or absent key keeps the stored key(s). */
  async update(input: ChannelUpdateInput): Promise<ChannelEntity> {
    const channel = await this.get(input.id);
    const info = readChannelInfo(channel.channelInfo);
    const type = input.type ?? channel.type;
    const keyText = input.key?.trim() ?? '';
    const newKeys = keyText === '' ? null : info.is_multi_key ? splitKeyText(type, keyText) : [keyText];
    if (newKeys?.length === 0) throw channelError('name_and_key_required');
    const fields = resolveChannelFields(input, channel, newKeys !== null || channel.key !== '');
    // A new type may need another key format: check the keys the channel will hold.
    if (newKeys || fields.type !== channel.type)
      refuseBadKeys(fields.type, newKeys ?? this.vault.open(channel));
    const status = fields.status;
    Object.assign(channel, fields, { status: channel.status });
    if (newKeys) {
      channel.key = this.vault.seal(newKeys, info.is_multi_key);
      if (info.is_multi_key) {
        channel.channelInfo = writeChannelInfo(
          multiKeyInfo(newKeys.length, input.multi_key_mode ?? info.multi_key_mode),
        );
      }
    } else if (info.is_multi_key && input.multi_key_mode) {
      channel.channelInfo = writeChannelInfo({ ...info, multi_key_mode: input.multi_key_mode });
    }
    applyStatus(channel, status);
    await this.repository.saveMany([channel]);
    await this.events.changed([channel.id]);
    return channel;
  }

  /**
   * Stores a copy of a channel under `name + suffix`: the same settings, status and sealed key(s), but
   * untested, with no balance read and nothing used yet.
   */
  async copy(id: number, suffix: string): Promise<ChannelEntity> {
    const { id: _original, ...channel } = await this.get(id);
    const [copy] = await this.repository.insertMany([
      {
        ...channel,
        name: channel.name.slice(0, CHANNEL_NAME_LIMIT - suffix.length) + suffix,
        responseTime: 0,
        testTime: 0,
        balance: 0,
        balanceUpdatedTime: 0,
        usedQuota: 0,
        createdTime: nowSeconds(),
      },
    ]);
    await this.events.changed([copy.id]);
    return copy;
  }

  async remove(id: number): Promise<void> {
    const deleted = await this.repository.deleteByIds([id]);
    if (deleted.length === 0) throw channelError('channel_not_found');
    await this.events.changed(deleted);
  }

  /** Deletes every channel disabled by hand or automatically; answers how many. */
  async removeDisabled(): Promise<number> {
    const ids = await this.repository.findIdsByStatus([
      ChannelStatus.ManuallyDisabled,
      ChannelStatus.AutoDisabled,
    ]);
    const deleted = await this.repository.deleteByIds(ids);
    await this.events.changed(deleted);
    return deleted.length;
  }

  /** Answers how many of the ids existed and were deleted. */
  async removeMany(ids: readonly number[] | undefined): Promise<number> {
    if (!ids?.length) throw channelError('delete_no_selection');
    const deleted = await this.repository.deleteByIds([...new Set(ids)]);
    await this.events.changed(deleted);
    return deleted.length;
  }

  /** Rebuilds every ability from the channels; answers the number of channels. */
  async fixAbilities(): Promise<number> {
    const channels = await this.repository.rebuildAllAbilities();
    await this.events.changed(ALL_CHANNELS);
    return channels;
  }

  /** Every model name the gateway knows: priced ones and those some channel serves. */
  async knownModels(): Promise<string[]> {
    const priced = [
      ...Object.keys(this.options.getJson<Record<string, number>>('ModelRatio')),
      ...Object.keys(this.options.getJson<Record<string, number>>('ModelPrice')),
    ];
    const served = await this.repository.distinctModels(false);
    return [...new Set([...priced, ...served])].sort();
  }

  /** Models some enabled channel serves, in any group or in the given ones. */
  enabledModels(groups?: readonly string[]): Promise<string[]> {
    return this.repository.distinctModels(true, groups);
  }

  /** The plain upstream keys of a channel in index order (for the relay; never sent to the console). */
  async openKeys(id: number): Promise<string[]> {
    return this.vault.open(await this.get(id));
  }

  private newChannel(fields: ChannelFields, keys: readonly string[], info: ChannelInfo): NewChannel {
    return {
      ...fields,
      key: this.vault.seal(keys, info.is_multi_key),
      channelInfo: writeChannelInfo(info),
      responseTime: 0,
      balance: 0,
      usedQuota: 0,
      otherInfo: '',
      createdTime: nowSeconds(),
      testTime: 0,
      balanceUpdatedTime: 0,
    };
  }

  /** Ids of the channels in any of these statuses (channel tests and balance updates walk them). */
  idsWithStatus(statuses: readonly ChannelStatus[]): Promise<number[]> {
    return this.repository.findIdsByStatus(statuses);
  }

  /** A channel test's elapsed time in milliseconds (0: it failed), stamped now. */
  recordTestTime(id: number, responseTimeMs: number): Promise<void> {
    return this.repository.recordMeasurement(id, { responseTime: responseTimeMs, testTime: nowSeconds() });
  }

  /** A balance read from the provider, stamped now. */
  recordBalance(id: number, balance: number): Promise<void> {
    return this.repository.recordMeasurement(id, { balance, balanceUpdatedTime: nowSeconds() });
  }

  /** Billing write-behind: adds each channel's summed used quota. */
  applyUsedQuotaDeltas(
    rows: ReadonlyArray<{ id: number; usedQuota: number }>,
    manager: EntityManager,
  ): Promise<void> {
    return this.repository.applyQuotaDeltas(rows, manager);
  }

  /** Every channel (keys still sealed) and every enabled ability, for the relay's routing table. */
  async routingSnapshot(): Promise<{ channels: RoutingChannelRow[]; abilities: RoutingAbilityRow[] }> {
    const [channels, abilities] = await Promise.all([
      this.routing.listChannels(),
      this.routing.listEnabledAbilities(),
    ]);
    return { channels, abilities };
  }
}
