import type { TopUpResult } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

export function redeemCode(key: string): Promise<TopUpResult> {
  return apiClient.post<TopUpResult>('/api/user/topup', { key });
}
