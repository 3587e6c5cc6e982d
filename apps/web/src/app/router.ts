import type { QueryClient } from '@tanstack/react-query';
import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { setSessionExpiredHandler } from '../lib/api-client';
import { routeTree } from '../routes/route-tree';

/**
 * Query values stay text unless JSON gives back exactly what was written: codes such as `?aff=1e5` or
 * `?code=1.50` must not turn into numbers and be rewritten in the address bar.
 */
function parseExactly(text: string): unknown {
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'string' || JSON.stringify(parsed) === text ? parsed : text;
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: false,
    scrollRestoration: true,
    parseSearch: parseSearchWith(parseExactly),
    stringifySearch: stringifySearchWith(JSON.stringify, parseExactly),
  });
  setSessionExpiredHandler((loginHref) => void router.navigate({ href: loginHref, replace: true }));
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
