import type { DrawingPage, TaskPage } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

/** Administrators read every user's tasks; everyone else the self routes (which take no channel). */
export type TaskLogScope = 'all' | 'self';

// Spec 001 §7: the drawing pages take times in milliseconds, the task pages in seconds.
const DRAWING_ROUTES = { all: '/api/mj/', self: '/api/mj/self/' } as const;
const TASK_ROUTES = { all: '/api/task/', self: '/api/task/self' } as const;

export interface DrawingLogQuery {
  p: number;
  page_size: number;
  mj_id?: string;
  channel_id?: number;
  start_timestamp?: number;
  end_timestamp?: number;
}

export interface TaskLogQuery {
  p: number;
  page_size: number;
  task_id?: string;
  channel_id?: number;
  start_timestamp?: number;
  end_timestamp?: number;
}

export function fetchDrawingPage(scope: TaskLogScope, query: DrawingLogQuery): Promise<DrawingPage> {
  return apiClient.get<DrawingPage>(DRAWING_ROUTES[scope], { ...query });
}

export function fetchTaskPage(scope: TaskLogScope, query: TaskLogQuery): Promise<TaskPage> {
  return apiClient.get<TaskPage>(TASK_ROUTES[scope], { ...query });
}
