import { type CodeSite } from './site-code-provider';
import { oauthError } from './oauth.errors';

/** GitHub OAuth app (reference §8.4): JSON token request, then GET /user with the token. */
export const GITHUB_SITE: CodeSite = {
  name: 'github',
  options: { enabled: 'GitHubOAuthEnabled', clientId: 'GitHubClientId', clientSecret: 'GitHubClientSecret' },
  urls: (e) => ({ authorize: e.githubAuthorizeUrl, token: e.githubTokenUrl, user: e.githubUserUrl }),
  clientAuth: 'json-body',
  query: (standard) => ({ ...standard, scope: 'user:email' }),
  handleField: 'login',
  trustsEmail: true,
};

/** Linux DO Connect (reference §8.4): HTTP Basic token request, then GET /api/user. */
export const LINUX_DO_SITE: CodeSite = {
  name: 'linuxdo',
  options: {
    enabled: 'LinuxDOOAuthEnabled',
    clientId: 'LinuxDOClientId',
    clientSecret: 'LinuxDOClientSecret',
  },
  urls: (e) => ({ authorize: e.linuxDoAuthorizeUrl, token: e.linuxDoTokenUrl, user: e.linuxDoUserUrl }),
  clientAuth: 'basic',
  query: (standard) => ({ response_type: 'code', ...standard }),
  handleField: 'username',
  trustsEmail: false,
  check: (profile) => {
    if (profile.active === false || profile.silenced === true)
      throw oauthError('account_inactive', { provider: 'Linux DO' });
  },
};
