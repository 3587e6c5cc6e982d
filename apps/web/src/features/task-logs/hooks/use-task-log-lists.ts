import { isAdmin, type DrawingItem, type TaskItem } from '@tollgate/contracts';
import { usePagedList } from '../../../shared/hooks/use-paged-list';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { fetchDrawingPage, fetchTaskPage, type TaskLogScope } from '../api';
import {
  defaultDrawingSearch,
  defaultTaskSearch,
  drawingLogQuery,
  taskLogQuery,
  type TaskLogSearch,
} from '../task-log-search';

export const DRAWING_LOGS_KEY = ['drawing-logs'] as const;
export const TASK_LOGS_KEY = ['task-logs'] as const;

function useScope(): { admin: boolean; scope: TaskLogScope } {
  const user = useCurrentUser();
  const admin = isAdmin(user?.role ?? 0);
  return { admin, scope: admin ? 'all' : 'self' };
}

/**
 * The drawing log screen's rows (Midjourney tasks), one server page at a time: an administrator's cover every
 * user and may be filtered by channel, anyone else's are their own. The page size is remembered (spec 001 §9).
 */
export function useDrawingLogs() {
  const { admin, scope } = useScope();
  const list = usePagedList<DrawingItem, TaskLogSearch>({
    table: 'drawing-logs',
    listKey: [...DRAWING_LOGS_KEY, scope],
    noFilters: defaultDrawingSearch(),
    fetchPage: (query) => fetchDrawingPage(scope, drawingLogQuery(query, admin)),
  });
  return { admin, list };
}

/** The task log screen's rows (Suno music and lyrics), like the drawing logs but from the start of the day. */
export function useTaskLogs() {
  const { admin, scope } = useScope();
  const list = usePagedList<TaskItem, TaskLogSearch>({
    table: 'task-logs',
    listKey: [...TASK_LOGS_KEY, scope],
    noFilters: defaultTaskSearch(),
    fetchPage: (query) => fetchTaskPage(scope, taskLogQuery(query, admin)),
  });
  return { admin, list };
}
