import { Injectable } from '@nestjs/common';
import { TaskPlatform } from '@tollgate/contracts';
import { nowSeconds } from '../../infra/database/columns';
import { MjNotifyHooks } from './mj-notify-hooks';
import { type MjAnswer, type MjTask } from './mj-upstream';
import { mjReportOf } from './task-platforms';
import { TaskReports } from './task-reports';
import { taskError } from './tasks.errors';
import { FINISHED_PROGRESS, TasksRepository } from './tasks.repository';

/** Where a pushed update came from: the query of the hook we handed the proxy. */
export interface MjNotifyAddress {
  channel?: unknown;
  signature?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * POST /mj/notify (reference §1.1, MjNotifyEnabled): a proxy pushes one task's state. Baseline gateways apply
 * whatever any token holder posts to any task by id; here the hook's signature names the channel, only that
 * channel's tasks can be reported on, the report goes through the poller's rules (known fields, unfinished
 * tasks only, FAILURE refunded once through the refund path), and a finished task never changes again.
 */
@Injectable()
export class MjNotifyService {
  constructor(
    private readonly hooks: MjNotifyHooks,
    private readonly tasks: TasksRepository,
    private readonly reports: TaskReports,
  ) {}

  async accept(address: MjNotifyAddress, body: unknown): Promise<MjAnswer> {
    if (!this.hooks.enabled()) throw taskError('notify_disabled');
    const channelId = this.hooks.channelOf(address.channel, address.signature);
    if (channelId === null) throw taskError('notify_not_signed');
    if (!isObject(body) || typeof body.id !== 'string' || body.id === '')
      throw taskError('notify_id_required');
    const task = await this.tasks.findOnChannel(TaskPlatform.Midjourney, channelId, body.id);
    if (!task) throw taskError('task_not_found', { id: body.id });
    if (task.progress === FINISHED_PROGRESS)
      return {
        code: 1,
        description: 'unchanged: the task has finished',
        result: task.taskId,
        properties: {},
      };
    const outcome = await this.reports.apply([{ task, report: mjReportOf(body as MjTask) }], nowSeconds());
    const failed = task.quota > 0 ? 'failed, refunded' : 'failed';
    const description = outcome.failed > 0 ? failed : outcome.updated > 0 ? 'updated' : 'unchanged';
    return { code: 1, description, result: task.taskId, properties: {} };
  }
}
