import { createRoute } from '@tanstack/react-router';
import { LoginForm } from '../features/auth/components/LoginForm';
import { parseLoginSearch } from '../features/auth/login-search';
import { publicLayoutRoute } from './public-layout';

export const loginRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/login',
  validateSearch: parseLoginSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const { expired, returnTo } = loginRoute.useSearch();
  return <LoginForm expired={expired} returnTo={returnTo} />;
}
