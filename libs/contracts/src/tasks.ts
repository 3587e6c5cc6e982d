import { type Page } from './envelope';

/** Async task statuses (spec 001 §4); '' while the task is being submitted. */
export const TaskStatus = {
  NotStart: 'NOT_START',
  Submitted: 'SUBMITTED',
  Queued: 'QUEUED',
  InProgress: 'IN_PROGRESS',
  Failure: 'FAILURE',
  Success: 'SUCCESS',
  Unknown: 'UNKNOWN',
} as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

/** A task in one of these states is done: the poller leaves it alone. */
export const FINISHED_TASK_STATUSES: readonly string[] = [TaskStatus.Success, TaskStatus.Failure];

export const TaskPlatform = { Suno: 'suno', Midjourney: 'mj' } as const;
export type TaskPlatform = (typeof TaskPlatform)[keyof typeof TaskPlatform];

/** Suno submissions (spec 001 §4) and the ModelPrice key each is priced by (reference §7). */
export const SUNO_ACTIONS = { MUSIC: 'suno_music', LYRICS: 'suno_lyrics' } as const;
export type SunoAction = keyof typeof SUNO_ACTIONS;

/** Unfinished tasks are polled this often (reference §7). */
export const TASK_POLL_INTERVAL_SECONDS = 15;
/** A task still unfinished this long after its submission fails with "upstream timeout" and is refunded. */
export const TASK_TIMEOUT_SECONDS = 3600;

/** One row of GET /api/task/ and /api/task/self (spec 001 §3 Async task; times in seconds). */
export interface TaskItem {
  id: number;
  created_at: number;
  updated_at: number;
  task_id: string;
  platform: string;
  /** Administrators' view only. */
  user_id?: number;
  /** Administrators' view only. */
  channel_id?: number;
  quota: number;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  /** What the platform answered last (Suno: its clips), parsed. */
  data: unknown;
}

export type TaskPage = Page<TaskItem>;

/** A task as a Suno client reads it from GET /suno/fetch/{id} and POST /suno/fetch. */
export interface SunoTaskDto {
  task_id: string;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  data: unknown;
}

/** Submission codes (spec 001 §4): 1 submitted, 21 waiting (exists), 22 queued; only these are charged. */
export const MJ_ACCEPTED_CODES: readonly number[] = [1, 21, 22];

/** One row of GET /api/mj/ and /api/mj/self/ (spec 001 §3 Drawing task; times in milliseconds). */
export interface DrawingItem {
  id: number;
  created_at: number;
  submit_time: number;
  start_time: number;
  finish_time: number;
  /** Administrators' view only. */
  user_id?: number;
  /** Administrators' view only. */
  channel_id?: number;
  action: string;
  mj_id: string;
  code: number;
  status: string;
  progress: string;
  image_url: string;
  prompt: string;
  prompt_en: string;
  description: string;
  fail_reason: string;
  quota: number;
}

export type DrawingPage = Page<DrawingItem>;

/** A task as a Midjourney-proxy client reads it (GET /mj/task/{id}/fetch; times in milliseconds). */
export interface MjTaskDto {
  id: string;
  action: string;
  prompt: string;
  promptEn: string;
  description: string;
  state: string;
  submitTime: number;
  startTime: number;
  finishTime: number;
  imageUrl: string;
  status: string;
  progress: string;
  failReason: string;
  buttons: unknown[];
  properties: Record<string, unknown>;
}
