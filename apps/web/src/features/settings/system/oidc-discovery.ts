import { isHttpUrl } from '@tollgate/contracts';

/** The endpoints an OpenID configuration document names, keyed by the options they fill. */
export interface OidcEndpoints {
  'oidc.authorization_endpoint': string;
  'oidc.token_endpoint': string;
  'oidc.user_info_endpoint': string;
}

export type DiscoveryOutcome =
  | { ok: true; endpoints: OidcEndpoints }
  /** The browser could not read it: network, CORS, mixed content or a timeout look the same from here. */
  | { ok: false; problem: 'blocked' }
  | { ok: false; problem: 'bad_status'; status: number }
  | { ok: false; problem: 'not_configuration' };

const TIMEOUT_MS = 10_000;

const httpUrl = (value: unknown): string => (typeof value === 'string' && isHttpUrl(value) ? value : '');

/**
 * Reads a provider's well-known document from the browser (the server never fetches admin-typed URLs
 * for the console). An authorization and a token endpoint are required; user info is optional in OIDC.
 */
export async function discoverOidcEndpoints(wellKnownUrl: string): Promise<DiscoveryOutcome> {
  let response: Response;
  try {
    response = await fetch(wellKnownUrl, {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, problem: 'blocked' };
  }
  if (!response.ok) return { ok: false, problem: 'bad_status', status: response.status };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, problem: 'not_configuration' };
  }
  const config = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const endpoints: OidcEndpoints = {
    'oidc.authorization_endpoint': httpUrl(config.authorization_endpoint),
    'oidc.token_endpoint': httpUrl(config.token_endpoint),
    'oidc.user_info_endpoint': httpUrl(config.userinfo_endpoint),
  };
  if (!endpoints['oidc.authorization_endpoint'] || !endpoints['oidc.token_endpoint']) {
    return { ok: false, problem: 'not_configuration' };
  }
  return { ok: true, endpoints };
}
