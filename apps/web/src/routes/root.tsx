import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootLayout } from '../features/layout/components/RootLayout';
import { NotFoundPage } from '../features/site/components/NotFoundPage';
import { guardNavigation } from './guards';

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location }) => guardNavigation(context.queryClient, location),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
