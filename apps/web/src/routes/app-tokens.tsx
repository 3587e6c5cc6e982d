import { createRoute } from '@tanstack/react-router';
import { TokensPage } from '../features/tokens/components/TokensPage';
import { consoleLayoutRoute } from './console-layout';

/** /app/tokens: the token list screen and the landing page after login. */
export const appTokensRoute = createRoute({
  getParentRoute: () => consoleLayoutRoute,
  path: '/app/tokens',
  component: TokensPage,
});
