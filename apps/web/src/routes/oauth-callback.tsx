import { createRoute, notFound } from '@tanstack/react-router';
import { OAuthCallbackPage } from '../features/auth/components/OAuthCallbackPage';
import { isOAuthProvider } from '../features/auth/oauth-providers';
import { textSearch } from '../features/auth/search-text';
import { publicLayoutRoute } from './public-layout';

/** /oauth/github, /oauth/oidc, /oauth/linuxdo: login or bind callbacks; other names are not found. */
export const oauthCallbackRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/oauth/$provider',
  validateSearch: textSearch(['code', 'state', 'iss']),
  beforeLoad: ({ params }) => {
    if (!isOAuthProvider(params.provider)) notFound({ throw: true });
  },
  component: OAuthCallbackRoute,
});

function OAuthCallbackRoute() {
  const { provider } = oauthCallbackRoute.useParams();
  const search = oauthCallbackRoute.useSearch();
  if (!isOAuthProvider(provider)) return null;
  return <OAuthCallbackPage provider={provider} {...search} />;
}
