import type { SelfUser } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

export function fetchSelf(): Promise<SelfUser> {
  return apiClient.get<SelfUser>('/api/user/self');
}
