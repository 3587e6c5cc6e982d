import { Injectable } from '@nestjs/common';
import { channelTypeInfo } from '@tollgate/contracts';
import { splitKeyText } from '../channels/channel-keys';
import { ChannelsService } from '../channels/channels.service';
import { channelError } from '../channels/channels.errors';
import {
  type ChannelTarget,
  ChannelProbe,
  resolvedBaseUrl,
  storedTarget,
  UpstreamCallError,
} from '../relay/probes';
import { channelOpsError } from './channel-ops.errors';

/** A channel being added: what the form holds so far. */
export interface DraftChannel {
  type: number;
  key: string;
  baseUrl?: string;
}

/** The provider's model list for the channel form's "fetch models" (a stored channel or one being added). */
@Injectable()
export class ModelLists {
  constructor(
    private readonly channels: ChannelsService,
    private readonly probe: ChannelProbe,
  ) {}

  async ofChannel(id: number): Promise<string[]> {
    const channel = await this.channels.get(id);
    return this.fetch(storedTarget(channel, await this.channels.openKeys(channel.id)));
  }

  /** Checks the draft like the channel form would; nothing is stored. */
  ofDraft(draft: DraftChannel): Promise<string[]> {
    // The first key as the channel would store it: a line, or a Vertex AI service account's whole JSON.
    const key = splitKeyText(draft.type, draft.key)[0] ?? '';
    if (key === '') throw channelOpsError('key_required');
    const info = channelTypeInfo(draft.type);
    if (!info) throw channelError('unknown_type', { type: draft.type });
    const baseUrl = draft.baseUrl?.trim() ?? '';
    if (baseUrl !== '' && !/^https?:\/\/[^/]/i.test(baseUrl)) throw channelError('base_url_invalid');
    if (baseUrl === '' && info.baseUrlRequired) throw channelError('base_url_required');
    return this.fetch({ type: draft.type, baseUrl: resolvedBaseUrl(draft.type, baseUrl), key, other: '' });
  }

  private async fetch(target: ChannelTarget): Promise<string[]> {
    let models: string[] | null;
    try {
      models = await this.probe.listModels(target);
    } catch (error) {
      if (!(error instanceof UpstreamCallError)) throw error;
      throw channelOpsError('fetch_models_failed', { reason: error.reason });
    }
    if (models === null) throw channelOpsError('fetch_models_not_supported', { type: target.type });
    return models;
  }
}
