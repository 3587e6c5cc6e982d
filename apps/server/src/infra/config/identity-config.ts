/**
 * Where the third-party identity services live. The defaults are the public services; a deployment behind an
 * egress proxy (or a GitHub Enterprise server) and the tests (local fakes) point them elsewhere.
 * OIDC and the WeChat helper server are not here: their addresses are system options already.
 */
export interface ProviderEndpoints {
  /** Cloudflare Turnstile siteverify (form POST secret, response, remoteip). */
  turnstileVerifyUrl: string;
  githubAuthorizeUrl: string;
  githubTokenUrl: string;
  githubUserUrl: string;
  linuxDoAuthorizeUrl: string;
  linuxDoTokenUrl: string;
  linuxDoUserUrl: string;
}

/** The per-address limit on login, registration, mails, reset and OAuth calls; limit 0 turns it off. */
export interface CriticalRateLimit {
  limit: number;
  windowSeconds: number;
}

export interface IdentityConfig {
  endpoints: ProviderEndpoints;
  criticalRateLimit: CriticalRateLimit;
}

/** The bases operators may override (env TURNSTILE_VERIFY_URL, GITHUB_OAUTH_URL, GITHUB_API_URL, LINUXDO_URL). */
export interface ProviderBases {
  turnstileVerifyUrl: string;
  githubOAuthUrl: string;
  githubApiUrl: string;
  linuxDoUrl: string;
}

export const DEFAULT_PROVIDER_BASES: ProviderBases = {
  turnstileVerifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  githubOAuthUrl: 'https://github.com',
  githubApiUrl: 'https://api.github.com',
  linuxDoUrl: 'https://connect.linux.do',
};

/** Reference §4: "critical" routes allow 20 calls per 20 minutes per client address. */
export const DEFAULT_CRITICAL_RATE_LIMIT: CriticalRateLimit = { limit: 20, windowSeconds: 20 * 60 };

const join = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;

export function providerEndpoints(bases: ProviderBases): ProviderEndpoints {
  return {
    turnstileVerifyUrl: bases.turnstileVerifyUrl,
    githubAuthorizeUrl: join(bases.githubOAuthUrl, '/login/oauth/authorize'),
    githubTokenUrl: join(bases.githubOAuthUrl, '/login/oauth/access_token'),
    githubUserUrl: join(bases.githubApiUrl, '/user'),
    linuxDoAuthorizeUrl: join(bases.linuxDoUrl, '/oauth2/authorize'),
    linuxDoTokenUrl: join(bases.linuxDoUrl, '/oauth2/token'),
    linuxDoUserUrl: join(bases.linuxDoUrl, '/api/user'),
  };
}

export const DEFAULT_IDENTITY_CONFIG: IdentityConfig = {
  endpoints: providerEndpoints(DEFAULT_PROVIDER_BASES),
  criticalRateLimit: DEFAULT_CRITICAL_RATE_LIMIT,
};
