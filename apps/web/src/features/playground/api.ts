import type { UsableGroups } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

export function fetchSelfGroups(): Promise<UsableGroups> {
  return apiClient.get<UsableGroups>('/api/user/self/groups');
}

export function fetchUserModels(): Promise<string[]> {
  return apiClient.get<string[]>('/api/user/models');
}
