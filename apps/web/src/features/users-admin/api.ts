import type {
  AdminUser,
  CreateUserRequest,
  Page,
  UpdateUserRequest,
  UserManageRequest,
  UserManageResult,
} from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';
import { fetchListPage } from '../../shared/fetch-list-page';

export interface UserListQuery {
  page: number;
  pageSize: number;
  keyword: string;
  group: string;
}

/** The plain list, or the search call when a keyword or a group is chosen. */
export function listUsers({ page, pageSize, keyword, group }: UserListQuery): Promise<Page<AdminUser>> {
  return fetchListPage<AdminUser>('/api/user/', { p: page, page_size: pageSize }, { keyword, group });
}

export function fetchUser(id: number): Promise<AdminUser> {
  return apiClient.get<AdminUser>(`/api/user/${id}`);
}

export function createUser(body: CreateUserRequest): Promise<unknown> {
  return apiClient.post<unknown>('/api/user/', body);
}

export function updateUser(body: UpdateUserRequest): Promise<unknown> {
  return apiClient.put<unknown>('/api/user/', body);
}

export function manageUser(body: UserManageRequest): Promise<UserManageResult> {
  return apiClient.post<UserManageResult>('/api/user/manage', body);
}

/** Every group name known to pricing. */
export function fetchGroups(): Promise<string[]> {
  return apiClient.get<string[]>('/api/group/');
}
