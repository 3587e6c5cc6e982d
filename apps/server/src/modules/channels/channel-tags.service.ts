import { Injectable } from '@nestjs/common';
import {
  type ChannelStatus,
  channelGroupsIssue,
  channelJsonFieldIssue,
  channelModelsIssue,
  channelPriorityIssue,
  channelWeightIssue,
  splitCommaList,
} from '@tollgate/contracts';
import { type ChannelEntity } from './channel.entity';
import { ChannelEvents } from './channel-events';
import { applyStatus } from './channel-info';
import { channelError, refuse } from './channels.errors';
import { ChannelsRepository } from './channels.repository';

/** PUT /api/channel/tag: absent, null or '' fields are left as they are. */
export interface TagEditInput {
  tag?: string;
  new_tag?: string;
  model_mapping?: string;
  groups?: string;
  models?: string;
  priority?: unknown;
  weight?: unknown;
}

type TagPatch = Partial<
  Pick<ChannelEntity, 'tag' | 'modelMapping' | 'models' | 'group' | 'priority' | 'weight'>
>;

const filled = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

function requireTag(tag: string | undefined): string {
  const name = tag?.trim() ?? '';
  if (name === '') throw channelError('tag_required');
  return name;
}

/** The changes a tag edit asks for, checked with the same rules as the channel form. */
function tagPatch(input: TagEditInput, tag: string): TagPatch {
  const patch: TagPatch = {};
  const newTag = input.new_tag?.trim();
  if (newTag && newTag !== tag) patch.tag = newTag;
  const mapping = input.model_mapping?.trim();
  if (mapping) {
    refuse(channelJsonFieldIssue('model_mapping', mapping));
    patch.modelMapping = mapping;
  }
  if (input.models?.trim()) {
    const models = splitCommaList(input.models);
    refuse(channelModelsIssue(models));
    patch.models = models.join(',');
  }
  if (input.groups?.trim()) {
    const groups = splitCommaList(input.groups);
    refuse(channelGroupsIssue(groups));
    patch.group = groups.join(',');
  }
  // Checked as whole numbers first, so Number() reads them exactly.
  if (filled(input.priority)) {
    refuse(channelPriorityIssue(input.priority));
    patch.priority = Number(input.priority);
  }
  if (filled(input.weight)) {
    refuse(channelWeightIssue(input.weight));
    patch.weight = Number(input.weight);
  }
  return patch;
}

/** Edits that apply to every channel of a tag, or tag a selection of channels. */
@Injectable()
export class ChannelTagsService {
  constructor(
    private readonly repository: ChannelsRepository,
    private readonly events: ChannelEvents,
  ) {}

  /** Sets one tag on the selected channels; answers how many of them exist. */
  async tagChannels(ids: readonly number[] | undefined, tag: string | undefined): Promise<number> {
    if (!ids?.length) throw channelError('batch_tag_no_selection');
    const name = requireTag(tag);
    const channels = await this.repository.findByIds([...new Set(ids)]);
    for (const channel of channels) channel.tag = name;
    return this.store(channels);
  }

  /** Rename, mapping, models and groups, or priority, or weight of every channel of a tag. */
  async editTag(input: TagEditInput): Promise<number> {
    const tag = requireTag(input.tag);
    const patch = tagPatch(input, tag);
    if (Object.keys(patch).length === 0) throw channelError('tag_nothing_changed');
    const channels = await this.channelsOf(tag);
    for (const channel of channels) Object.assign(channel, patch);
    return this.store(channels);
  }

  /** Switches every channel of a tag on or off. */
  async setTagStatus(tag: string | undefined, status: ChannelStatus): Promise<number> {
    const channels = await this.channelsOf(requireTag(tag));
    for (const channel of channels) applyStatus(channel, status);
    return this.store(channels);
  }

  private async channelsOf(tag: string): Promise<ChannelEntity[]> {
    const channels = await this.repository.findByTag(tag);
    if (channels.length === 0) throw channelError('channel_not_found');
    return channels;
  }

  private async store(channels: ChannelEntity[]): Promise<number> {
    await this.repository.saveMany(channels);
    await this.events.changed(channels.map((channel) => channel.id));
    return channels.length;
  }
}
