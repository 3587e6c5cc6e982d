import { createRoute } from '@tanstack/react-router';
import { RegisterForm } from '../features/auth/components/RegisterForm';
import { textSearch } from '../features/auth/search-text';
import { publicLayoutRoute } from './public-layout';

/** /register; `aff` carries an invite code. */
export const registerRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/register',
  validateSearch: textSearch(['aff']),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { aff } = registerRoute.useSearch();
  return <RegisterForm aff={aff} />;
}
