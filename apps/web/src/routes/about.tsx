import { createRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/site/components/AboutPage';
import { publicLayoutRoute } from './public-layout';

export const aboutRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/about',
  component: AboutPage,
});
