import type { CreateRedemptionRequest, Page, Redemption, UpdateRedemptionRequest } from '@tollgate/contracts';
import { apiClient, request } from '../../lib/api-client';
import { fetchListPage } from '../../shared/fetch-list-page';

export interface RedemptionListQuery {
  page: number;
  pageSize: number;
  keyword: string;
}

/** The plain list, or the search call when an id or name keyword is given. */
export function listRedemptions({ page, pageSize, keyword }: RedemptionListQuery): Promise<Page<Redemption>> {
  return fetchListPage<Redemption>('/api/redemption/', { p: page, page_size: pageSize }, { keyword });
}

export function fetchRedemption(id: number): Promise<Redemption> {
  return apiClient.get<Redemption>(`/api/redemption/${id}`);
}

/** Answers the generated codes, to be shown once with a copy-all button. */
export function createRedemptions(body: CreateRedemptionRequest): Promise<string[]> {
  return apiClient.post<string[]>('/api/redemption/', body);
}

export function updateRedemption(body: UpdateRedemptionRequest): Promise<Redemption> {
  return apiClient.put<Redemption>('/api/redemption/', body);
}

export function setRedemptionStatus(id: number, status: number): Promise<Redemption> {
  return apiClient.put<Redemption>('/api/redemption/?status_only=true', { id, status });
}

export function deleteRedemption(id: number): Promise<void> {
  return apiClient.delete<void>(`/api/redemption/${id}/`);
}

/** Answers how many codes were disabled. */
export function batchDisableRedemptions(ids: number[]): Promise<number> {
  return apiClient.put<number>('/api/redemption/batch-disable', { ids });
}

/** Answers how many disabled codes were deleted. */
export function deleteDisabledRedemptions(): Promise<number> {
  return apiClient.delete<number>('/api/redemption/delete-disabled');
}

export function countRedemptionsByName(name: string): Promise<number> {
  return apiClient.get<number>('/api/redemption/count-by-name', { name });
}

export function deleteRedemptionsByName(name: string): Promise<number> {
  return request<number>('/api/redemption/delete-by-name', { method: 'DELETE', query: { name } });
}
