import { Injectable } from '@nestjs/common';
import { type TaskPlatform, TaskStatus } from '@tollgate/contracts';
import { nowSeconds } from '../../infra/database/columns';
import { type Price, type Reservation } from '../billing/billing.types';
import { PriceCalculator } from '../billing/price-calculator';
import { QuotaLedger } from '../billing/quota-ledger';
import { UsageRecorder } from '../billing/usage-recorder';
import { type TokenCaller } from '../relay/auth/token-authenticator';
import { type Selection } from '../relay/routing/channel-selector';
import { FINISHED_PROGRESS, TasksRepository } from './tasks.repository';

// A task is priced per submission: no tokens.
const NO_TOKENS = { promptTokens: 0, completionTokens: 0 };

/** A submission the platform accepted: what it was charged for and the task it started. */
export interface AcceptedTask {
  caller: TokenCaller;
  selection: Selection;
  model: string;
  price: Price;
  quota: number;
  reservation: Reservation;
  startedAt: number;
  requestPath: string;
  requestId: string;
  ip: string;
  task: {
    taskId: string;
    platform: TaskPlatform;
    action: string;
    properties: string;
    /** Set when the submission's answer is its whole result (a Midjourney upload): stored finished, never polled. */
    result?: unknown;
  };
}

/** How Suno and Midjourney submissions are priced, and charged once the platform accepted them. */
@Injectable()
export class TaskCharges {
  constructor(
    private readonly prices: PriceCalculator,
    private readonly ledger: QuotaLedger,
    private readonly recorder: UsageRecorder,
    private readonly tasks: TasksRepository,
  ) {}

  /** The model's per-request price in the caller's group, and the quota it comes to (0 when `free`). */
  priceOf(caller: TokenCaller, model: string, free = false): { price: Price; quota: number } {
    const price = this.prices.priceFor(
      model,
      caller.group,
      caller.user.setting.accept_unset_model_ratio_model,
    );
    return { price, quota: free ? 0 : this.prices.quotaFor(price, NO_TOKENS) };
  }

  /**
   * Stores the task for the poller and turns its hold into a charge with a consumption log. A task that cannot
   * be stored would never be polled or refunded: its hold goes back and the caller hears of the failure.
   */
  async charge(accepted: AcceptedTask): Promise<void> {
    const { caller, selection, quota, reservation, startedAt, task } = accepted;
    const now = nowSeconds();
    const { result, ...fields } = task;
    const done = result !== undefined;
    try {
      await this.tasks.insert({
        createdAt: now,
        updatedAt: now,
        ...fields,
        userId: caller.user.id,
        channelId: selection.channel.id,
        quota,
        status: done ? TaskStatus.Success : TaskStatus.Submitted,
        failReason: '',
        submitTime: now,
        startTime: done ? now : 0,
        finishTime: done ? now : 0,
        progress: done ? FINISHED_PROGRESS : '0%',
        data: done ? JSON.stringify(result) : 'null',
      });
    } catch (error) {
      await this.ledger.refund(reservation);
      throw error;
    }
    const log = this.recorder.consumptionLog({
      userId: caller.user.id,
      username: caller.user.username,
      tokenId: caller.token.id,
      tokenName: caller.token.name,
      modelName: accepted.model,
      group: caller.group,
      channelId: selection.channel.id,
      isStream: false,
      useTime: Math.round((Date.now() - startedAt) / 1000),
      promptTokens: 0,
      completionTokens: 0,
      quota,
      content: '',
      ip: accepted.ip,
      other: this.prices.logOther(accepted.price, NO_TOKENS, {
        frt: Date.now() - startedAt,
        requestPath: accepted.requestPath,
        requestId: accepted.requestId,
        usedChannels: [String(selection.channel.id)],
        upstreamModel: null,
      }),
    });
    await this.ledger.settle(reservation, quota, selection.channel.id, log);
  }
}
