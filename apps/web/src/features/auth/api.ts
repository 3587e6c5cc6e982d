import type { LoginRequest, SelfUser } from '@tollgate/contracts';
import { apiClient, request } from '../../lib/api-client';

/** `turnstile` carries the bot-check token when the site has the check on. */
export function login(body: LoginRequest, turnstile: string): Promise<SelfUser> {
  return request<SelfUser>('/api/user/login', {
    method: 'POST',
    body,
    query: { turnstile: turnstile || undefined },
  });
}

export function logout(): Promise<void> {
  return apiClient.get<void>('/api/user/logout');
}
