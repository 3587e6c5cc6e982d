import type { PageQuery } from '../../shared/hooks/use-paged-list';
import type { DrawingLogQuery, TaskLogQuery } from './api';

/** The filters of both task log screens as the paged list keeps them: text, '' when not set; times in seconds. */
export interface TaskLogSearch {
  /** Administrators only. */
  channel_id: string;
  /** The Midjourney id on the drawing screen, the platform's task id on the task screen. */
  task_id: string;
  start: string;
  end: string;
}

const HOUR = 3600;
const DAY = 86_400;
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Epoch seconds of midnight `days` days ago, in the browser's time zone. */
export function startOfDaysAgo(days: number, now = new Date()): number {
  return Math.floor(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days).getTime() / 1000);
}

// Ranges end an hour ahead, so tasks submitted while the page stays open still fall inside.
/** Spec 001 §9: drawing logs show the last 30 days, ending an hour from now. */
export const lastDaysRange = (days: number) => ({
  start: nowSeconds() - days * DAY,
  end: nowSeconds() + HOUR,
});
/** Spec 001 §9: task logs start at the beginning of the day. */
export const todayRange = () => ({ start: startOfDaysAgo(0), end: nowSeconds() + HOUR });

const searchOf = (range: { start: number; end: number }): TaskLogSearch => ({
  channel_id: '',
  task_id: '',
  start: String(range.start),
  end: String(range.end),
});

export const DRAWING_DEFAULT_DAYS = 30;
export const defaultDrawingSearch = (): TaskLogSearch => searchOf(lastDaysRange(DRAWING_DEFAULT_DAYS));
export const defaultTaskSearch = (): TaskLogSearch => searchOf(todayRange());

const textOrUndefined = (text: string): string | undefined => (text === '' ? undefined : text);
const numberOrUndefined = (text: string): number | undefined => (text === '' ? undefined : Number(text));

/** The wire query of the task screen; the channel only for administrators. */
export function taskLogQuery(query: PageQuery & TaskLogSearch, admin: boolean): TaskLogQuery {
  return {
    p: query.page,
    page_size: query.pageSize,
    task_id: textOrUndefined(query.task_id),
    start_timestamp: numberOrUndefined(query.start),
    end_timestamp: numberOrUndefined(query.end),
    ...(admin ? { channel_id: numberOrUndefined(query.channel_id) } : {}),
  };
}

/** The wire query of the drawing screen: the same terms, its id named mj_id and its times in milliseconds. */
export function drawingLogQuery(query: PageQuery & TaskLogSearch, admin: boolean): DrawingLogQuery {
  const { task_id, start_timestamp, end_timestamp, ...rest } = taskLogQuery(query, admin);
  const milliseconds = (seconds: number | undefined) => (seconds === undefined ? undefined : seconds * 1000);
  return {
    ...rest,
    mj_id: task_id,
    start_timestamp: milliseconds(start_timestamp),
    end_timestamp: milliseconds(end_timestamp),
  };
}
