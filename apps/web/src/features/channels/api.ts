import type {
  ChannelAddAnswer,
  ChannelBalanceAnswer,
  ChannelOpsProgress,
  ChannelTestAnswer,
  FetchModelsRequest,
  ChannelAddRequest,
  ChannelBatchTagRequest,
  ChannelListAnswer,
  ChannelModelEntry,
  ChannelSearchQuery,
  ChannelTagEditRequest,
  ChannelUpdateRequest,
  ChannelView,
} from '@tollgate/contracts';
import { apiClient, requestEnvelope } from '../../lib/api-client';

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

/** A copy made on the server, named after the original plus `suffix`. */
export function copyChannel(id: number, suffix: string): Promise<ChannelView> {
  return apiClient.post<ChannelView>(`/api/channel/copy/${id}?${new URLSearchParams({ suffix }).toString()}`);
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

/** Test and balance answers carry their figure beside success and message; a failure rejects with its message. */
export async function testChannel(id: number, model?: string): Promise<ChannelTestAnswer> {
  return (await requestEnvelope<never>(`/api/channel/test/${id}`, { query: { model } })) as ChannelTestAnswer;
}

export async function updateChannelBalance(id: number): Promise<ChannelBalanceAnswer> {
  return (await requestEnvelope<never>(`/api/channel/update_balance/${id}/`)) as ChannelBalanceAnswer;
}

/** The runs over all channels: "test all" and "update all balances". */
export type ChannelOpsKind = 'test' | 'update_balance';

export function startChannelRun(kind: ChannelOpsKind): Promise<ChannelOpsProgress> {
  return apiClient.get<ChannelOpsProgress>(`/api/channel/${kind}`);
}

export function fetchChannelRunProgress(kind: ChannelOpsKind): Promise<ChannelOpsProgress> {
  return apiClient.get<ChannelOpsProgress>(`/api/channel/${kind}/progress`);
}

/** The provider's model list of a stored channel, or of one being added. */
export function fetchUpstreamModels(source: number | FetchModelsRequest): Promise<string[]> {
  return typeof source === 'number'
    ? apiClient.get<string[]>(`/api/channel/fetch_models/${source}`)
    : apiClient.post<string[]>('/api/channel/fetch_models', source);
}
