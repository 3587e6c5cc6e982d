import { AppError } from '../../common/errors/app-error';
import { type ChannelEntity } from '../channels/channel.entity';
import { type ChannelsService } from '../channels/channels.service';

/** The channel, or null when it was deleted since a run listed it. */
export async function findChannel(channels: ChannelsService, id: number): Promise<ChannelEntity | null> {
  try {
    return await channels.get(id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'channel_not_found') return null;
    throw error;
  }
}
