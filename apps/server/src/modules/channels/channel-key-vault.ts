import { Injectable } from '@nestjs/common';
import { SecretBox } from '../../infra/crypto/secret-box';
import { readChannelInfo } from './channel-info';

/** Upstream keys are stored sealed: one key as is, the keys of a multi-key channel as a JSON array. */
@Injectable()
export class ChannelKeyVault {
  constructor(private readonly box: SecretBox) {}

  seal(keys: readonly string[], multiKey: boolean): string {
    return this.box.seal(multiKey ? JSON.stringify(keys) : (keys[0] ?? ''));
  }

  /** The plain keys of a stored channel, in index order. */
  open(channel: { key: string; channelInfo: string }): string[] {
    if (channel.key === '') return [];
    const plain = this.box.open(channel.key);
    return readChannelInfo(channel.channelInfo).is_multi_key ? (JSON.parse(plain) as string[]) : [plain];
  }
}
