import type {
  ChannelAddAnswer,
  ChannelAddRequest,
  ChannelBatchTagRequest,
  ChannelListAnswer,
  ChannelModelEntry,
  ChannelSearchQuery,
  ChannelTagEditRequest,
  ChannelUpdateRequest,
  ChannelView,
} from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

const hasSearchTerms = (query: ChannelSearchQuery): boolean =>
  Boolean(query.keyword || query.group || query.model);

/** Plain paging when nothing is searched for, the search call otherwise (both page the same way). */
export function fetchChannels(query: ChannelSearchQuery): Promise<ChannelListAnswer> {
  const { keyword, group, model, ...paging } = query;
  return hasSearchTerms(query)
    ? apiClient.get<ChannelListAnswer>('/api/channel/search', { ...paging, keyword, group, model })
    : apiClient.get<ChannelListAnswer>('/api/channel/', paging);
}

export function fetchChannel(id: number): Promise<ChannelView> {
  return apiClient.get<ChannelView>(`/api/channel/${id}`);
}

export function addChannels(body: ChannelAddRequest): Promise<ChannelAddAnswer> {
  return apiClient.post<ChannelAddAnswer>('/api/channel/', body);
}

export function updateChannel(body: ChannelUpdateRequest): Promise<ChannelView> {
  return apiClient.put<ChannelView>('/api/channel/', body);
}

export function deleteChannel(id: number): Promise<void> {
  return apiClient.delete<void>(`/api/channel/${id}/`);
}

export function deleteDisabledChannels(): Promise<number> {
  return apiClient.delete<number>('/api/channel/disabled');
}

export function deleteChannels(ids: number[]): Promise<number> {
  return apiClient.post<number>('/api/channel/batch', { ids });
}

/** Tag-wide calls answer the number of channels changed. */
export function setChannelsTag(body: ChannelBatchTagRequest): Promise<number> {
  return apiClient.post<number>('/api/channel/batch/tag', body);
}

export function editTag(body: ChannelTagEditRequest): Promise<number> {
  return apiClient.put<number>('/api/channel/tag', body);
}

export function setTagEnabled(tag: string, enabled: boolean): Promise<number> {
  return apiClient.post<number>(`/api/channel/tag/${enabled ? 'enabled' : 'disabled'}`, { tag });
}

export function fixChannelAbilities(): Promise<number> {
  return apiClient.post<number>('/api/channel/fix');
}

export async function fetchKnownModels(): Promise<string[]> {
  const entries = await apiClient.get<ChannelModelEntry[]>('/api/channel/models');
  return entries.map((entry) => entry.id);
}

export function fetchEnabledModels(): Promise<string[]> {
  return apiClient.get<string[]>('/api/channel/models_enabled');
}

export function fetchGroupNames(): Promise<string[]> {
  return apiClient.get<string[]>('/api/group/');
}
