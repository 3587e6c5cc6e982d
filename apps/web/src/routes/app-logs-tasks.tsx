import { createRoute } from '@tanstack/react-router';
import { TaskLogsPage } from '../features/task-logs/components/TaskLogsPage';
import { consoleLayoutRoute } from './console-layout';

/** /app/logs/tasks: asynchronous task (Suno) logs; an administrator's view covers every user. */
export const appLogsTasksRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/app/logs/tasks',
  component: TaskLogsPage,
});
