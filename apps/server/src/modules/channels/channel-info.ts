import { type ChannelInfo, ChannelStatus, type MultiKeyMode } from '@tollgate/contracts';

const SINGLE_KEY: ChannelInfo = {
  is_multi_key: false,
  multi_key_size: 0,
  multi_key_status_list: {},
  multi_key_polling_index: 0,
  multi_key_mode: 'random',
};

export const singleKeyInfo = (): ChannelInfo => ({ ...SINGLE_KEY, multi_key_status_list: {} });

export const multiKeyInfo = (size: number, mode: MultiKeyMode): ChannelInfo => ({
  ...singleKeyInfo(),
  is_multi_key: true,
  multi_key_size: size,
  multi_key_mode: mode,
});

/** The stored JSON, with defaults for anything missing ('' = an ordinary one-key channel). */
export function readChannelInfo(text: string): ChannelInfo {
  if (text === '') return singleKeyInfo();
  return { ...singleKeyInfo(), ...(JSON.parse(text) as Partial<ChannelInfo>) };
}

export const writeChannelInfo = (info: ChannelInfo): string => JSON.stringify(info);

const withAllKeysEnabled = (info: ChannelInfo): ChannelInfo => ({ ...info, multi_key_status_list: {} });

/** An administrator's on/off choice; switching a channel on makes every key of a multi-key channel usable again. */
export function applyStatus(channel: { status: number; channelInfo: string }, status: number): void {
  if (status === ChannelStatus.Enabled && channel.status !== ChannelStatus.Enabled) {
    channel.channelInfo = writeChannelInfo(withAllKeysEnabled(readChannelInfo(channel.channelInfo)));
  }
  channel.status = status;
}
