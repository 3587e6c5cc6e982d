import { createRoute } from '@tanstack/react-router';
import { HomePage } from '../features/site/components/HomePage';
import { publicLayoutRoute } from './public-layout';

export const homeRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/',
  component: HomePage,
});
