import { Injectable } from '@nestjs/common';
import { ChannelStatus, type ChannelOpsIssueCode, isTestableChannelType } from '@tollgate/contracts';
import { CacheStore } from '../../infra/redis/redis.ports';
import { type ChannelEntity } from '../channels/channel.entity';
import { ChannelHealthService } from '../channels/channel-health.service';
import { ChannelsService } from '../channels/channels.service';
import { OptionsService } from '../options/options.service';
import {
  ChannelProbe,
  disableReason,
  OPS_TIMEOUT_MS,
  parseDisableKeywords,
  type ProbeResult,
  type Selection,
  shouldAutoDisable,
  testSelection,
} from '../relay/probes';
import { channelOpsError } from './channel-ops.errors';
import { findChannel } from './find-channel';
import { type StepOutcome } from './ops-progress';
import { TestLogWriter } from './test-log';
import { testModelOf, testRequestFor } from './test-request';

// Outlives the longest test call, so a crashed test frees its channel soon after.
const TESTING_TTL_SECONDS = OPS_TIMEOUT_MS / 1000 + 30;

export interface TestOutcome {
  ok: boolean;
  /** Why the test failed; null when it passed. */
  issue: {
    code: Extract<ChannelOpsIssueCode, 'test_failed' | 'test_threshold_exceeded'>;
    params: Record<string, string>;
  } | null;
  elapsedMs: number;
}

const seconds = (ms: number): string => (ms / 1000).toFixed(2);

/**
 * Channel tests (reference §6, §2.6): one real call, its time stored, a log row on success, and the
 * channel disabled when too slow or refused for a dead key, enabled again when an auto-disabled one passes.
 */
@Injectable()
export class ChannelTester {
  constructor(
    private readonly channels: ChannelsService,
    private readonly health: ChannelHealthService,
    private readonly probe: ChannelProbe,
    private readonly options: OptionsService,
    private readonly cache: CacheStore,
    private readonly log: TestLogWriter,
  ) {}

  /** An administrator's test of one channel, with the model asked for (else the channel's test model). */
  async testOne(id: number, model?: string): Promise<TestOutcome> {
    const channel = await this.channels.get(id);
    if (!isTestableChannelType(channel.type))
      throw channelOpsError('type_not_testable', { type: channel.type });
    const outcome = await this.exclusively(id, () => this.test(channel, model));
    if (outcome === null) throw channelOpsError('test_already_running');
    return outcome;
  }

  /** One channel of a "test all" run: skipped when untestable, gone, or being tested right now. */
  async testInRun(
    id: number,
    { model, signal }: { model?: string; signal?: AbortSignal } = {},
  ): Promise<StepOutcome> {
    const channel = await findChannel(this.channels, id);
    if (!channel || channel.status === ChannelStatus.ManuallyDisabled || !isTestableChannelType(channel.type))
      return 'skipped';
    const outcome = await this.exclusively(id, () => this.test(channel, model, signal));
    if (outcome === null) return 'skipped';
    return outcome.ok ? 'succeeded' : 'failed';
  }

  private async exclusively<T>(id: number, work: () => Promise<T>): Promise<T | null> {
    const key = `channel-ops:testing:${id}`;
    if ((await this.cache.incrBy(key, 1, TESTING_TTL_SECONDS)) !== 1) return null;
    try {
      return await work();
    } finally {
      await this.cache.del(key);
    }
  }

  private async test(channel: ChannelEntity, requested?: string, signal?: AbortSignal): Promise<TestOutcome> {
    const model = testModelOf(channel, requested);
    const selection = testSelection(channel, await this.channels.openKeys(channel.id), model);
    const request = testRequestFor(selection.upstreamModel, channel.type);
    const started = performance.now();
    const result = await this.probe.probe(selection, request, signal);
    const elapsedMs = Math.round(performance.now() - started);
    // A failed test has no response time: 0 with a test time is what the console shows as failed.
    await this.channels.recordTestTime(channel.id, result.ok ? elapsedMs : 0);
    if (result.ok) await this.log.record({ model, selection, request, usage: result.usage, elapsedMs });
    const slow = this.tooSlow(elapsedMs);
    await this.applyHealth(channel, selection, result, slow);
    if (!result.ok)
      return { ok: false, issue: { code: 'test_failed', params: { reason: result.reason } }, elapsedMs };
    if (slow) return { ok: false, issue: { code: 'test_threshold_exceeded', params: slow }, elapsedMs };
    return { ok: true, issue: null, elapsedMs };
  }

  /** The elapsed and allowed seconds when over ChannelDisableThreshold (0 = no limit); else null. */
  private tooSlow(elapsedMs: number): { time: string; threshold: string } | null {
    const threshold = this.options.getNumber('ChannelDisableThreshold');
    if (threshold <= 0 || elapsedMs <= threshold * 1000) return null;
    return { time: seconds(elapsedMs), threshold: String(threshold) };
  }

  private async applyHealth(
    channel: ChannelEntity,
    selection: Selection,
    result: ProbeResult,
    slow: { time: string; threshold: string } | null,
  ): Promise<void> {
    if (channel.status === ChannelStatus.Enabled) {
      const policy = {
        enabled: this.options.getBoolean('AutomaticDisableChannelEnabled'),
        autoBan: channel.autoBan === 1,
        keywords: parseDisableKeywords(this.options.get('AutomaticDisableKeywords')),
      };
      if (!policy.enabled || !policy.autoBan) return;
      if (slow) {
        await this.health.autoDisable(
          channel.id,
          `channel test took ${slow.time}s, over the ${slow.threshold}s threshold`,
        );
      } else if (!result.ok && result.refusal && shouldAutoDisable(result.refusal, policy)) {
        await this.health.autoDisable(channel.id, disableReason(result.refusal), selection.keyIndex);
      }
    } else if (
      channel.status === ChannelStatus.AutoDisabled &&
      result.ok &&
      !slow &&
      this.options.getBoolean('AutomaticEnableChannelEnabled')
    ) {
      await this.health.autoEnable(channel.id);
    }
  }
}
