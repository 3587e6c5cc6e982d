import type {
  AffTransferRequest,
  CheckInResult,
  CheckInStatus,
  DeleteSelfRequest,
  OAuthBindResult,
  TelegramLoginData,
  UpdateSelfRequest,
  UserSetting,
} from '@tollgate/contracts';
import { apiClient, request } from '../../lib/api-client';

export function updateSelf(body: UpdateSelfRequest): Promise<unknown> {
  return apiClient.put<unknown>('/api/user/self', body);
}

export function deleteSelf(body: DeleteSelfRequest): Promise<void> {
  return request<void>('/api/user/self', { method: 'DELETE', body });
}

/** Regenerates the system access token (management API only); the old one stops working. */
export function generateAccessToken(): Promise<string> {
  return apiClient.get<string>('/api/user/token');
}

/** The caller's invite code, created on first ask. */
export function fetchAffCode(): Promise<string> {
  return apiClient.get<string>('/api/user/aff');
}

export function transferAffQuota(body: AffTransferRequest): Promise<void> {
  return apiClient.post<void>('/api/user/aff_transfer', body);
}

export function fetchCheckInStatus(): Promise<CheckInStatus> {
  return apiClient.get<CheckInStatus>('/api/user/check_in_status');
}

export function checkIn(): Promise<CheckInResult> {
  return apiClient.post<CheckInResult>('/api/user/check_in');
}

export function updateUserSetting(body: UserSetting): Promise<void> {
  return apiClient.put<void>('/api/user/setting', body);
}

export function bindEmail(email: string, code: string): Promise<OAuthBindResult> {
  return apiClient.get<OAuthBindResult>('/api/oauth/email/bind', { email, code });
}

export function bindWechat(code: string): Promise<OAuthBindResult> {
  return apiClient.get<OAuthBindResult>('/api/oauth/wechat/bind', { code });
}

export function bindTelegram(fields: TelegramLoginData): Promise<OAuthBindResult> {
  return apiClient.get<OAuthBindResult>('/api/oauth/telegram/bind', { ...fields });
}
