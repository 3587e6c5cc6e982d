import { apiClient } from '../../../lib/api-client';

/** Models some enabled channel serves (GET /api/channel/models_enabled). */
export function fetchEnabledModels(): Promise<string[]> {
  return apiClient.get<string[]>('/api/channel/models_enabled');
}
