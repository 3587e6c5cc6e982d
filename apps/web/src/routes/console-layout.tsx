import { createRoute } from '@tanstack/react-router';
import { ConsoleLayout } from '../features/layout/components/ConsoleLayout';
import { rootRoute } from './root';

/** Signed-in screens with the side menu; access rules live in `guards.ts`, keyed by path. */
export const consoleLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'console',
  component: ConsoleLayout,
});
