import { createRoute } from '@tanstack/react-router';
import { LogsPage } from '../features/logs/components/LogsPage';
import { consoleLayoutRoute } from './console-layout';

/** /app/logs/api-usage: usage logs (an administrator's view covers every user). */
export const appLogsRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/app/logs/api-usage',
  component: LogsPage,
});
