import { createRoute } from '@tanstack/react-router';
import { DrawingLogsPage } from '../features/task-logs/components/DrawingLogsPage';
import { consoleLayoutRoute } from './console-layout';

/** /app/logs/drawing: drawing (Midjourney) logs; an administrator's view covers every user. */
export const appLogsDrawingRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/app/logs/drawing',
  component: DrawingLogsPage,
});
