import type {
  OAuthAuthorization,
  OAuthCallbackResult,
  OAuthCodeProvider,
  PasswordResetConfirmRequest,
  RegisterRequest,
  SelfUser,
  TelegramLoginData,
} from '@tollgate/contracts';
import { apiClient, request } from '../../lib/api-client';

/** What the provider appended to the callback address (`iss`: OIDC issuer identification). */
export interface OAuthCallbackQuery {
  code: string;
  state?: string;
  iss?: string;
}

const botQuery = (turnstile: string) => ({ turnstile: turnstile || undefined });

export function register(body: RegisterRequest, turnstile: string): Promise<void> {
  return request<void>('/api/user/register', { method: 'POST', body, query: botQuery(turnstile) });
}

/** Mails a verification code (registration, email binding). */
export function sendVerificationCode(email: string, turnstile: string): Promise<void> {
  return apiClient.get<void>('/api/verification', { email, ...botQuery(turnstile) });
}

export function requestPasswordReset(email: string, turnstile: string): Promise<void> {
  return apiClient.get<void>('/api/reset_password', { email, ...botQuery(turnstile) });
}

/** Answers the new password. */
export function confirmPasswordReset(body: PasswordResetConfirmRequest): Promise<string> {
  return apiClient.post<string>('/api/user/reset', body);
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

/** Login answers the user; a signed-in caller binds the account instead. */
export function completeOAuth(
  provider: OAuthCodeProvider,
  callback: OAuthCallbackQuery,
): Promise<OAuthCallbackResult> {
  return apiClient.get<OAuthCallbackResult>(`/api/oauth/${provider}`, { ...callback });
}

export function wechatLogin(code: string): Promise<SelfUser> {
  return apiClient.get<SelfUser>('/api/oauth/wechat', { code });
}

export function telegramLogin(fields: TelegramLoginData): Promise<SelfUser> {
  return apiClient.get<SelfUser>('/api/oauth/telegram/login', { ...fields });
}
