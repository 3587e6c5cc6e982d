import type { OptionListEntry } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

const OPTION_PATH = '/api/option/';

export function listOptions(): Promise<OptionListEntry[]> {
  return apiClient.get<OptionListEntry[]>(OPTION_PATH);
}

/** One call per changed key (spec 001 §7). */
export function saveOption(key: string, value: string): Promise<void> {
  return apiClient.put<void>(OPTION_PATH, { key, value });
}

export function resetModelRatio(): Promise<void> {
  return apiClient.post<void>(`${OPTION_PATH}rest_model_ratio`);
}
