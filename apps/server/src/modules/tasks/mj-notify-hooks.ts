import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../infra/config/app-config';
import { OptionsService } from '../options/options.service';

const SIGNATURE = /^[0-9a-f]{64}$/;
const CHANNEL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The notify hook a Midjourney proxy is given: `{ServerAddress}/mj/notify?channel=<id>&signature=<hmac>`.
 * Proxies push task updates with no credential of their own (a plain JSON POST to the hook), so the address
 * itself is the credential: an HMAC of the channel id under a key derived from CRYPTO_SECRET. Only that
 * channel's proxy (and whoever it tells) learns it, and it lets that proxy report on that channel's tasks
 * only, which is what the poller already trusts it for.
 */
@Injectable()
export class MjNotifyHooks {
  private readonly key: Buffer;

  constructor(
    config: AppConfig,
    private readonly options: OptionsService,
  ) {
    this.key = createHash('sha256').update(`tollgate-mj-notify:${config.cryptoSecret}`).digest();
  }

  /** MjNotifyEnabled: hooks are handed out and pushes accepted only while it is on. */
  enabled(): boolean {
    return this.options.getBoolean('MjNotifyEnabled');
  }

  /** The hook for submissions to this channel; null while notify is off or ServerAddress is unset. */
  hookFor(channelId: number): string | null {
    const base = this.options.get('ServerAddress').replace(/\/+$/, '');
    if (!this.enabled() || base === '') return null;
    return `${base}/mj/notify?channel=${channelId}&signature=${this.signatureOf(channelId)}`;
  }

  /** The channel whose hook this is, or null when the pair is not one we signed. */
  channelOf(channel: unknown, signature: unknown): number | null {
    if (typeof channel !== 'string' || !CHANNEL_ID.test(channel)) return null;
    if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return null;
    const channelId = Number(channel);
    const expected = Buffer.from(this.signatureOf(channelId), 'hex');
    return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? channelId : null;
  }

  private signatureOf(channelId: number): string {
    return createHmac('sha256', this.key).update(`mj-notify:${channelId}`).digest('hex');
  }
}
