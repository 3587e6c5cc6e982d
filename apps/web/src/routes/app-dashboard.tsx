import { createRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { consoleLayoutRoute } from './console-layout';

/** /app/dashboard: the data dashboard (its charts load as a chunk of their own). */
export const appDashboardRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/app/dashboard',
  component: DashboardPage,
});
