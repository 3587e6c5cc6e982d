import type { OAuthAuthorization, OAuthCodeProvider } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

/** The bot-check token rides in the query, and only when the site has the check on. */
export const botQuery = (turnstile: string) => ({ turnstile: turnstile || undefined });

/** Mails a verification code (registration, email binding). */
export function sendVerificationCode(email: string, turnstile: string): Promise<void> {
  return apiClient.get<void>('/api/verification', { email, ...botQuery(turnstile) });
}

/**
 * The provider's consent address, built by the server with a fresh state (and PKCE for OIDC) so the
 * redirect address matches the one it later redeems the code with; `aff` is kept for a sign-up.
 */
export function authorizeOAuth(
  provider: OAuthCodeProvider,
  aff: string | undefined,
): Promise<OAuthAuthorization> {
  return apiClient.get<OAuthAuthorization>(`/api/oauth/authorize/${provider}`, { aff: aff || undefined });
}
