import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type ChannelOpsProgress, ChannelStatus } from '@tollgate/contracts';
import { AppConfig } from '../../infra/config/app-config';
import { type JobPayloads } from '../../infra/queue/job-registry';
import { type JobContext, JobQueue } from '../../infra/queue/queue.port';
import { ChannelsService } from '../channels/channels.service';
import { channelTestNotice } from '../notifications/notices';
import { NotificationService } from '../notifications/notifications.service';
import { ChannelBalances } from './channel-balances';
import { ChannelOpsRuns } from './channel-ops-runs';
import { ChannelTester } from './channel-tester';
import { type StepOutcome } from './ops-progress';

const MINUTE_MS = 60_000;

type JobResult =
  ChannelOpsProgress | { channelId: number; outcome: StepOutcome } | { skipped: 'another run is working' };

/**
 * The channel-test and channel-balance queues (DESIGN §5): a whole run when the payload names no channel,
 * else that one channel; plus the schedules of CHANNEL_TEST_FREQUENCY and CHANNEL_UPDATE_FREQUENCY.
 */
@Injectable()
export class ChannelOpsJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger(ChannelOpsJobs.name);

  constructor(
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
    private readonly runs: ChannelOpsRuns,
    private readonly channels: ChannelsService,
    private readonly tester: ChannelTester,
    private readonly balances: ChannelBalances,
    private readonly notifications: NotificationService,
  ) {}

  // After every module's init: a scheduled run may start at once and needs options and routing loaded.
  async onApplicationBootstrap(): Promise<void> {
    this.queue.process('channel-test', (payload, ctx) => this.test(payload, ctx));
    this.queue.process('channel-balance', (payload, ctx) => this.balance(payload, ctx));
    if (!this.config.runsWorkers) return;
    const { testEveryMinutes, balanceEveryMinutes } = this.config.channelOps;
    if (testEveryMinutes > 0) {
      await this.queue.schedule('channel-test', { channelId: null }, testEveryMinutes * MINUTE_MS);
    }
    if (balanceEveryMinutes > 0) {
      await this.queue.schedule('channel-balance', { channelId: null }, balanceEveryMinutes * MINUTE_MS);
    }
  }

  private async test(payload: JobPayloads['channel-test'], ctx: JobContext): Promise<JobResult> {
    if (payload.channelId !== null) {
      const outcome = await this.tester.testInRun(payload.channelId, { model: payload.model });
      return { channelId: payload.channelId, outcome };
    }
    let enabledBefore: number[] = [];
    // Manually disabled channels stay out of automatic tests: an administrator switched them off.
    const run = await this.runs.run(
      'test',
      {
        ids: async () => {
          enabledBefore = await this.idsWith([ChannelStatus.Enabled]);
          return this.idsWith([ChannelStatus.Enabled, ChannelStatus.AutoDisabled]);
        },
        step: (id, signal) => this.safely(id, () => this.tester.testInRun(id, { signal })),
        gapMs: this.config.channelOps.testGapMs,
      },
      ctx,
    );
    if (!run) return { skipped: 'another run is working' };
    await this.announceTestRun(run, enabledBefore);
    return run;
  }

  // Reference §6: "test all" ends with a channel_test notice to root; the run's result stands whatever happens.
  private async announceTestRun(run: ChannelOpsProgress, enabledBefore: number[]): Promise<void> {
    try {
      const disabledNow = new Set(await this.idsWith([ChannelStatus.AutoDisabled]));
      const disabled = enabledBefore.filter((id) => disabledNow.has(id)).length;
      await this.notifications.notifyRoot(
        channelTestNotice({ tested: run.succeeded + run.failed, failed: run.failed, disabled }),
      );
    } catch (error) {
      this.logger.error(`test run notice: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async balance(payload: JobPayloads['channel-balance'], ctx: JobContext): Promise<JobResult> {
    if (payload.channelId !== null) {
      const outcome = await this.balances.updateInRun(payload.channelId);
      return { channelId: payload.channelId, outcome };
    }
    const run = await this.runs.run(
      'balance',
      {
        ids: () => this.idsWith([ChannelStatus.Enabled]),
        step: (id, signal) => this.safely(id, () => this.balances.updateInRun(id, signal)),
        gapMs: 0,
      },
      ctx,
    );
    return run ?? { skipped: 'another run is working' };
  }

  private async idsWith(statuses: ChannelStatus[]): Promise<number[]> {
    return (await this.channels.idsWithStatus(statuses)).sort((a, b) => a - b);
  }

  // One channel's unexpected failure (database hiccup) must not end the run for the others.
  private async safely(id: number, step: () => Promise<StepOutcome>): Promise<StepOutcome> {
    try {
      return await step();
    } catch (error) {
      this.logger.error(`channel #${id}: ${error instanceof Error ? error.message : String(error)}`);
      return 'failed';
    }
  }
}
