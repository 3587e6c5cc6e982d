import { type OAuthCodeProvider } from '@tollgate/contracts';
import { type ExternalIdentity } from './external-identity';

export interface AuthorizationRequest {
  state: string;
  redirectUri: string;
  pkceVerifier?: string;
}

export interface CodeCallback {
  code: string;
  state: string;
  /** RFC 9207 issuer of the authorization response, when the provider sent one. */
  iss?: string;
  redirectUri: string;
  pkceVerifier?: string;
}

/** A provider with the OAuth2 authorization-code flow (GitHub, OIDC, Linux DO). */
export interface CodeProvider {
  readonly name: OAuthCodeProvider;
  /** Whether sign-ins started by the server use PKCE. */
  readonly pkce: boolean;
  enabled(): boolean;
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  identify(callback: CodeCallback): Promise<ExternalIdentity>;
}

export const withQuery = (base: string, params: Record<string, string>): string => {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
};

/** A profile field as text ('' when absent): providers send ids as numbers, names as strings or null. */
export const profileText = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
