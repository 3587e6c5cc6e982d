import type { AdminUser, CreateUserRequest, UpdateUserRequest } from '@tollgate/contracts';

export interface AddUserValues {
  username: string;
  display_name?: string;
  password: string;
}

export interface EditUserValues {
  username: string;
  display_name: string;
  /** Empty keeps the current password. */
  password?: string;
  group: string;
  quota: number;
}

export function toCreateRequest(values: AddUserValues): CreateUserRequest {
  return {
    username: values.username.trim(),
    password: values.password,
    display_name: values.display_name?.trim() || undefined,
  };
}

export function editValues(user: AdminUser): EditUserValues {
  return {
    username: user.username,
    display_name: user.display_name,
    password: '',
    group: user.group,
    quota: user.quota,
  };
}

export function toUpdateRequest(id: number, values: EditUserValues): UpdateUserRequest {
  return {
    id,
    username: values.username.trim(),
    display_name: values.display_name.trim(),
    password: values.password || undefined,
    group: values.group,
    quota: values.quota,
  };
}
