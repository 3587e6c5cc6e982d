import type { CreateTokenRequest, Page, Token, UpdateTokenRequest, UsableGroups } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';
import { fetchListPage } from '../../shared/fetch-list-page';

export interface TokenListQuery {
  page: number;
  pageSize: number;
  keyword: string;
  token: string;
}

/** The plain list, or the search call when a name keyword or key fragment is given. */
export function listTokens({ page, pageSize, keyword, token }: TokenListQuery): Promise<Page<Token>> {
  // Spec 001 §7: the token list pages with `size`, not `page_size`.
  return fetchListPage<Token>('/api/token/', { p: page, size: pageSize }, { keyword, token });
}

export function fetchToken(id: number): Promise<Token> {
  return apiClient.get<Token>(`/api/token/${id}`);
}

/** One call creates every copy (`quantity`); the server names the copies and answers them all. */
export function createTokens(request: CreateTokenRequest): Promise<Token[]> {
  return apiClient.post<Token[]>('/api/token/', request);
}

export function updateToken(request: UpdateTokenRequest): Promise<Token> {
  return apiClient.put<Token>('/api/token/', request);
}

export function setTokenStatus(id: number, status: number): Promise<Token> {
  return apiClient.put<Token>('/api/token/?status_only=true', { id, status });
}

export function deleteToken(id: number): Promise<void> {
  return apiClient.delete<void>(`/api/token/${id}/`);
}

export function fetchSelfGroups(): Promise<UsableGroups> {
  return apiClient.get<UsableGroups>('/api/user/self/groups');
}

export function fetchUserModels(): Promise<string[]> {
  return apiClient.get<string[]>('/api/user/models');
}
