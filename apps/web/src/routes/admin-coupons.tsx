import { createRoute } from '@tanstack/react-router';
import { RedemptionsPage } from '../features/redemptions/components/RedemptionsPage';
import { consoleLayoutRoute } from './console-layout';

/** /admin/coupons: redemption code management (administrators; guarded by the /admin prefix). */
export const adminCouponsRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/admin/coupons',
  component: RedemptionsPage,
});
