import type {
  LoginRequest,
  OAuthCallbackResult,
  OAuthCodeProvider,
  PasswordResetConfirmRequest,
  RegisterRequest,
  SelfUser,
  TelegramLoginData,
} from '@tollgate/contracts';
import { apiClient, request } from '../../lib/api-client';
import { botQuery } from '../../shared/identity/api';

/** What the provider appended to the callback address (`iss`: OIDC issuer identification). */
export interface OAuthCallbackQuery {
  code: string;
  state?: string;
  iss?: string;
}

/** `turnstile` carries the bot-check token when the site has the check on. */
export function login(body: LoginRequest, turnstile: string): Promise<SelfUser> {
  return request<SelfUser>('/api/user/login', { method: 'POST', body, query: botQuery(turnstile) });
}

export function register(body: RegisterRequest, turnstile: string): Promise<void> {
  return request<void>('/api/user/register', { method: 'POST', body, query: botQuery(turnstile) });
}

export function requestPasswordReset(email: string, turnstile: string): Promise<void> {
  return apiClient.get<void>('/api/reset_password', { email, ...botQuery(turnstile) });
}

/** Answers the new password. */
export function confirmPasswordReset(body: PasswordResetConfirmRequest): Promise<string> {
  return apiClient.post<string>('/api/user/reset', body);
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
