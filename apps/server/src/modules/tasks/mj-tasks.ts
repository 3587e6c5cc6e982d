import { type DrawingItem, type MjTaskDto } from '@tollgate/contracts';
import { type TaskEntity } from './task.entity';

/** What a Midjourney task keeps in `properties`: the prompt and the submission's code and description. */
export interface MjProperties {
  input: string;
  code: number;
  description: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The proxy's last report of the task (`data`), or {} before the first poll. */
function reportOf(task: TaskEntity): Record<string, unknown> {
  const data = JSON.parse(task.data) as unknown;
  return isObject(data) ? data : {};
}

export function mjPropertiesOf(task: TaskEntity): MjProperties {
  const stored = JSON.parse(task.properties) as Partial<MjProperties>;
  return { input: stored.input ?? '', code: stored.code ?? 1, description: stored.description ?? '' };
}

/**
 * The image address a client is shown: the proxy's own, or `{ServerAddress}/mj/image/{id}` when
 * MjForwardUrlEnabled (reference §7); '' while there is none.
 */
export function imageUrlOf(task: TaskEntity, forwardTo: string | null): string {
  const url = text(reportOf(task).imageUrl);
  if (url === '' || forwardTo === null) return url;
  return `${forwardTo.replace(/\/+$/, '')}/mj/image/${task.taskId}`;
}

/** The stored upstream image address (for the image proxy). */
export const upstreamImageUrlOf = (task: TaskEntity): string => text(reportOf(task).imageUrl);

export function toMjDto(task: TaskEntity, forwardTo: string | null): MjTaskDto {
  const report = reportOf(task);
  const properties = mjPropertiesOf(task);
  return {
    id: task.taskId,
    action: task.action,
    prompt: properties.input,
    promptEn: text(report.promptEn),
    description: text(report.description) || properties.description,
    state: text(report.state),
    submitTime: task.submitTime * 1000,
    startTime: task.startTime * 1000,
    finishTime: task.finishTime * 1000,
    imageUrl: imageUrlOf(task, forwardTo),
    status: task.status,
    progress: task.progress,
    failReason: task.failReason,
    buttons: Array.isArray(report.buttons) ? report.buttons : [],
    properties: isObject(report.properties) ? report.properties : {},
  };
}

/** A row of the drawing log pages; the admin view adds user and channel. */
export function toDrawingItem(task: TaskEntity, forwardTo: string | null, admin: boolean): DrawingItem {
  const dto = toMjDto(task, forwardTo);
  const item: DrawingItem = {
    id: task.id,
    created_at: task.createdAt * 1000,
    submit_time: dto.submitTime,
    start_time: dto.startTime,
    finish_time: dto.finishTime,
    action: task.action,
    mj_id: task.taskId,
    code: mjPropertiesOf(task).code,
    status: task.status,
    progress: task.progress,
    image_url: dto.imageUrl,
    prompt: dto.prompt,
    prompt_en: dto.promptEn,
    description: dto.description,
    fail_reason: task.failReason,
    quota: task.quota,
  };
  return admin ? { ...item, user_id: task.userId, channel_id: task.channelId } : item;
}
