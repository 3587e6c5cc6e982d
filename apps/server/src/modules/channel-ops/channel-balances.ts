import { Injectable } from '@nestjs/common';
import { ChannelStatus } from '@tollgate/contracts';
import { type ChannelEntity } from '../channels/channel.entity';
import { ChannelHealthService } from '../channels/channel-health.service';
import { ChannelsService } from '../channels/channels.service';
import { OptionsService } from '../options/options.service';
import { type BalanceReader, balanceReaderFor, type GetJson } from './balance-readers';
import { channelOpsError } from './channel-ops.errors';
import { findChannel } from './find-channel';
import { type StepOutcome } from './ops-progress';
import { ChannelProbe, redactSecrets, UpstreamCallError } from '../relay/probes';

type BalanceRead = { ok: true; balance: number } | { ok: false; reason: string };

/** Channel balances (reference §6): read from the provider, stored with the time, ≤ 0 disables in a full run. */
@Injectable()
export class ChannelBalances {
  constructor(
    private readonly channels: ChannelsService,
    private readonly health: ChannelHealthService,
    private readonly options: OptionsService,
    private readonly probe: ChannelProbe,
  ) {}

  /** An administrator's refresh of one channel; answers the stored balance. */
  async updateOne(id: number): Promise<number> {
    const channel = await this.channels.get(id);
    const reader = balanceReaderFor(channel.type);
    if (!reader) throw channelOpsError('balance_not_supported', { type: channel.type });
    const read = await this.read(channel, reader);
    if (!read.ok) throw channelOpsError('balance_failed', { reason: read.reason });
    return read.balance;
  }

  /** One channel of an "update all balances" run; a used-up channel is disabled when the rules allow. */
  async updateInRun(id: number, signal?: AbortSignal): Promise<StepOutcome> {
    const channel = await findChannel(this.channels, id);
    const reader = channel && balanceReaderFor(channel.type);
    if (!channel || !reader || channel.status !== ChannelStatus.Enabled) return 'skipped';
    const read = await this.read(channel, reader, signal);
    if (!read.ok) return 'failed';
    if (
      read.balance <= 0 &&
      channel.autoBan === 1 &&
      this.options.getBoolean('AutomaticDisableChannelEnabled')
    ) {
      await this.health.autoDisable(channel.id, `balance ${read.balance} is used up`);
    }
    return 'succeeded';
  }

  private async read(
    channel: ChannelEntity,
    reader: BalanceReader,
    signal?: AbortSignal,
  ): Promise<BalanceRead> {
    const [key = ''] = await this.channels.openKeys(channel.id);
    const getJson: GetJson = (url, headers) => this.probe.getJson(url, headers, [key], signal);
    try {
      const balance = await reader(
        { type: channel.type, baseUrl: channel.baseUrl, key },
        getJson,
        new Date(),
      );
      await this.channels.recordBalance(channel.id, balance);
      return { ok: true, balance };
    } catch (error) {
      if (!(error instanceof UpstreamCallError)) throw error;
      return { ok: false, reason: redactSecrets(error.reason, [key]) };
    }
  }
}
