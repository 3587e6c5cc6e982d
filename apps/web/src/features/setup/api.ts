import type { SetupRequest, SetupStatus } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

export function fetchSetupStatus(): Promise<SetupStatus> {
  return apiClient.get<SetupStatus>('/api/setup');
}

export function submitSetup(body: SetupRequest): Promise<void> {
  return apiClient.post<void>('/api/setup', body);
}
