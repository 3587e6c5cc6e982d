import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { setSessionExpiredHandler } from '../lib/api-client';
import { routeTree } from '../routes/route-tree';

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: false,
    scrollRestoration: true,
  });
  setSessionExpiredHandler((loginHref) => void router.navigate({ href: loginHref, replace: true }));
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
