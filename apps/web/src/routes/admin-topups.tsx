import { createRoute } from '@tanstack/react-router';
import { TopUpOrdersPage } from '../features/payments-admin/components/TopUpOrdersPage';
import { consoleLayoutRoute } from './console-layout';

/** /admin/topups: every online top-up order (administrators; guarded by the /admin prefix). */
export const adminTopUpsRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/admin/topups',
  component: TopUpOrdersPage,
});
