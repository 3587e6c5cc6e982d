import { createRoute } from '@tanstack/react-router';
import { PricingPage } from '../features/pricing/components/PricingPage';
import { consoleLayoutRoute } from './console-layout';

/** /pricing: the price list; visitors see it too (with the default groups). */
export const pricingRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/pricing',
  component: PricingPage,
});
