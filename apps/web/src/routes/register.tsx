import { createRoute } from '@tanstack/react-router';
import { RegisterForm } from '../features/identity/components/RegisterForm';
import { textSearch } from '../features/identity/search-text';
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
