import { createRoute } from '@tanstack/react-router';
import { PublicLayout } from '../features/layout/components/PublicLayout';
import { rootRoute } from './root';

/** Pages without the side menu: home, about, setup, login. */
export const publicLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: PublicLayout,
});
