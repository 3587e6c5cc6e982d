import { createRoute, redirect } from '@tanstack/react-router';
import { ResetPage } from '../features/auth/components/ResetPage';
import { textSearch } from '../features/auth/search-text';
import { publicLayoutRoute } from './public-layout';
import { rootRoute } from './root';

/** /reset: the request form, or the confirm step with the mailed `email` and `token`. */
export const resetRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/reset',
  validateSearch: textSearch(['email', 'token']),
  component: ResetRoute,
});

function ResetRoute() {
  const { email, token } = resetRoute.useSearch();
  return <ResetPage email={email} token={token} />;
}

/** /user/reset (the spec's older address of the same page) keeps its query and shows /reset. */
export const userResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/reset',
  beforeLoad: ({ location }) => redirect({ href: `/reset${location.searchStr}`, replace: true, throw: true }),
});
