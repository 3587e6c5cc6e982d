import { Injectable, Logger } from '@nestjs/common';
import { type ChannelInfo, type ChannelOtherInfo, ChannelStatus } from '@tollgate/contracts';
import { nowSeconds } from '../../infra/database/columns';
import { GatewayMetrics } from '../../infra/metrics/gateway-metrics';
import { channelStatusNotice } from '../notifications/notices';
import { NotificationService } from '../notifications/notifications.service';
import { ChannelEvents } from './channel-events';
import {
  type ChannelHealthChange,
  ChannelHealthRepository,
  type ChannelHealthState,
} from './channel-health.repository';
import { readChannelInfo, writeChannelInfo } from './channel-info';
import { ChannelsService } from './channels.service';

// Replicas (and keys of one multi-key channel) racing on the same row: re-read and try again this often.
const WRITE_TRIES = 5;
// Upstream messages can be long; the console shows the reason in one line.
const REASON_MAX = 500;

const isKeyEnabled = (info: ChannelInfo, index: number): boolean =>
  (info.multi_key_status_list[String(index)] ?? ChannelStatus.Enabled) === ChannelStatus.Enabled;

const otherInfo = (reason: string): string =>
  JSON.stringify({
    status_reason: reason.slice(0, REASON_MAX),
    status_time: nowSeconds(),
  } satisfies ChannelOtherInfo);

/** The change that disables the key (multi-key channel) or the whole channel; null when nothing is left to do. */
function disabling(
  state: ChannelHealthState,
  reason: string,
  keyIndex: number | undefined,
): ChannelHealthChange | null {
  if (state.status !== ChannelStatus.Enabled) return null;
  const info = readChannelInfo(state.channelInfo);
  const keyTargeted =
    info.is_multi_key && keyIndex !== undefined && keyIndex >= 0 && keyIndex < info.multi_key_size;
  if (!keyTargeted) {
    return {
      status: ChannelStatus.AutoDisabled,
      channelInfo: state.channelInfo,
      otherInfo: otherInfo(reason),
    };
  }
  if (!isKeyEnabled(info, keyIndex)) return null;
  const next: ChannelInfo = {
    ...info,
    multi_key_status_list: { ...info.multi_key_status_list, [String(keyIndex)]: ChannelStatus.AutoDisabled },
  };
  const keysLeft = Array.from({ length: info.multi_key_size }, (_, index) => index).some((index) =>
    isKeyEnabled(next, index),
  );
  return keysLeft
    ? { status: ChannelStatus.Enabled, channelInfo: writeChannelInfo(next) }
    : {
        status: ChannelStatus.AutoDisabled,
        channelInfo: writeChannelInfo(next),
        otherInfo: otherInfo(reason),
      };
}

/** Back on: keys switched off automatically come back with the channel (an administrator's choices stay). */
function enabling(state: ChannelHealthState): ChannelHealthChange | null {
  if (state.status !== ChannelStatus.AutoDisabled) return null;
  const info = readChannelInfo(state.channelInfo);
  const kept = Object.entries(info.multi_key_status_list).filter(
    ([, status]) => status !== ChannelStatus.AutoDisabled,
  );
  const channelInfo = info.is_multi_key
    ? writeChannelInfo({ ...info, multi_key_status_list: Object.fromEntries(kept) })
    : state.channelInfo;
  return { status: ChannelStatus.Enabled, channelInfo };
}

/**
 * Reference §2.6 status changes made by the gateway itself (relay failures, channel tests, balance checks).
 * Callers decide whether the rules allow it; this only writes, keeps abilities in step and tells every
 * replica's routing. Each change is a compare-and-set, so concurrent failures disable once.
 */
@Injectable()
export class ChannelHealthService {
  private readonly logger = new Logger(ChannelHealthService.name);
  // Many in-flight requests fail together on a dead channel: one write per channel/key at a time.
  private readonly pending = new Map<string, Promise<boolean>>();

  constructor(
    private readonly repository: ChannelHealthRepository,
    private readonly events: ChannelEvents,
    private readonly channels: ChannelsService,
    private readonly notifications: NotificationService,
    private readonly metrics: GatewayMetrics,
  ) {}

  /**
   * Status 3 with other_info {status_reason, status_time} and abilities off. With `keyIndex` on a multi-key
   * channel only that key goes (the channel too when no key is left). false when there was nothing to disable.
   * `reason` is stored and shown in the console: callers pass text with secrets already redacted.
   */
  autoDisable(channelId: number, reason: string, keyIndex?: number): Promise<boolean> {
    return this.once(`${channelId}:${keyIndex ?? '*'}:off`, async () => {
      const changed = await this.change(
        channelId,
        (state) => disabling(state, reason, keyIndex),
        `disabled${keyIndex === undefined ? '' : ` (failing key #${keyIndex})`}: ${reason}`,
        reason,
      );
      if (changed) this.metrics.autoDisabled(channelId);
      return changed;
    });
  }

  /** Back to status 1, only from status 3 (abilities on). false when the channel is not auto-disabled. */
  autoEnable(channelId: number): Promise<boolean> {
    return this.once(`${channelId}:on`, () => this.change(channelId, enabling, 'enabled again', ''));
  }

  private once(key: string, work: () => Promise<boolean>): Promise<boolean> {
    const running = this.pending.get(key);
    if (running) return running;
    const started = work().finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }

  private async change(
    channelId: number,
    decide: (state: ChannelHealthState) => ChannelHealthChange | null,
    what: string,
    reason: string,
  ): Promise<boolean> {
    for (let attempt = 0; attempt < WRITE_TRIES; attempt++) {
      const state = await this.repository.findState(channelId);
      const next = state && decide(state);
      if (!state || !next) return false;
      if (await this.repository.compareAndSet(channelId, state, next)) {
        await this.events.changed([channelId]);
        this.logger.warn(`channel #${channelId} ${what}`);
        if (next.status !== state.status) await this.tellRoot(channelId, next.status, reason);
        return true;
      }
    }
    return false;
  }

  // Reference §2.6: root hears of each status change the gateway made on its own (a lone key going is not one).
  private async tellRoot(channelId: number, status: number, reason: string): Promise<void> {
    const name = await this.channels.get(channelId).then(
      (channel) => channel.name,
      () => '',
    );
    await this.notifications.notifyRoot(channelStatusNotice({ channel_id: channelId, name, status, reason }));
  }
}
