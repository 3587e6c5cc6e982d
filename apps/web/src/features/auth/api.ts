import type { LoginRequest, SelfUser } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

export function login(body: LoginRequest): Promise<SelfUser> {
  return apiClient.post<SelfUser>('/api/user/login', body);
}

export function logout(): Promise<void> {
  return apiClient.get<void>('/api/user/logout');
}
