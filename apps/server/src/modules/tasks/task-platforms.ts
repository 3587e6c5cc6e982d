import { SUNO_ACTIONS, TaskPlatform, TaskStatus } from '@tollgate/contracts';
import { type RoutedChannel } from '../relay/routing/routing-table';
import { type UpstreamClient } from '../relay/upstream/upstream-client';
import { listFromMj, type MjTask } from './mj-upstream';
import { fetchFromSuno } from './suno-upstream';
import { type TaskEntity } from './task.entity';
import { FINISHED_PROGRESS, type TaskChanges } from './tasks.repository';

/** A task as a platform reports it, in the table's terms (times in seconds, 0 = not yet). */
export interface PolledTask {
  taskId: string;
  status: string;
  progress: string;
  failReason: string;
  startTime: number;
  finishTime: number;
  /** The platform's whole answer for the task, kept as `data`. */
  data: unknown;
}

export type PlatformFetch = (
  client: UpstreamClient,
  channel: RoutedChannel,
  key: string,
  ids: readonly string[],
) => Promise<PolledTask[]>;

const seconds = (ms: unknown): number => (typeof ms === 'number' && ms > 0 ? Math.floor(ms / 1000) : 0);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

// What a proxy's report may set on our task (kept as `data`), each of its type; anything else it sends is dropped.
// Not `submitTime`: the timeout counts from our own submission.
const isText = (value: unknown) => typeof value === 'string';
const isTime = (value: unknown) => typeof value === 'number';
const isRecord = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);
const MJ_REPORT_FIELDS: Record<string, (value: unknown) => boolean> = {
  id: isText,
  action: isText,
  status: isText,
  progress: isText,
  failReason: isText,
  imageUrl: isText,
  prompt: isText,
  promptEn: isText,
  description: isText,
  state: isText,
  startTime: isTime,
  finishTime: isTime,
  buttons: Array.isArray,
  properties: isRecord,
};

/** A Midjourney proxy's task (listed by the poller or pushed to /mj/notify) in the table's terms. */
export function mjReportOf(task: MjTask): PolledTask {
  const data: Record<string, unknown> = {};
  for (const [field, fits] of Object.entries(MJ_REPORT_FIELDS))
    if (fits(task[field])) data[field] = task[field];
  return {
    taskId: task.id,
    status: text(task.status),
    progress: text(task.progress),
    failReason: text(task.failReason),
    startTime: seconds(task.startTime),
    finishTime: seconds(task.finishTime),
    data,
  };
}

/** How the poller asks each platform about a channel's tasks (reference §7). */
export const PLATFORM_FETCH: Record<string, PlatformFetch> = {
  [TaskPlatform.Suno]: async (client, channel, key, ids) =>
    (await fetchFromSuno(client, channel, key, ids)).map((task) => ({
      taskId: task.task_id,
      status: text(task.status),
      progress: text(task.progress),
      failReason: text(task.fail_reason),
      startTime: task.start_time ?? 0,
      finishTime: task.finish_time ?? 0,
      data: task.data,
    })),
  [TaskPlatform.Midjourney]: async (client, channel, key, ids) =>
    (await listFromMj(client, channel, key, ids)).map(mjReportOf),
};

/** The model a task was priced by (its refund's log row names it). */
export function modelOfTask(task: Pick<TaskEntity, 'platform' | 'action'>): string {
  if (task.platform === TaskPlatform.Suno)
    return SUNO_ACTIONS[task.action as keyof typeof SUNO_ACTIONS] ?? task.action;
  return `mj_${task.action.toLowerCase()}`;
}

/**
 * What the platform's report changes on the task; null when nothing. Only SUCCESS (here) and FAILURE (the
 * refund) finish a task: "100%" from any other status would end its polling with neither.
 */
export function changesOf(task: TaskEntity, report: PolledTask, now: number): TaskChanges | null {
  const status = report.status || task.status;
  const success = status === TaskStatus.Success;
  const reported = report.progress && report.progress !== FINISHED_PROGRESS ? report.progress : task.progress;
  const changes: TaskChanges = {
    status,
    progress: success ? FINISHED_PROGRESS : reported,
    failReason: report.failReason || task.failReason,
    startTime: report.startTime || task.startTime,
    finishTime: report.finishTime || (success ? now : task.finishTime),
    data: report.data === undefined ? task.data : JSON.stringify(report.data),
  };
  const same = (Object.keys(changes) as Array<keyof TaskChanges>).every((key) => changes[key] === task[key]);
  return same ? null : changes;
}
