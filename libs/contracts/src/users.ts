export const Role = {
  Guest: 0,
  Common: 1,
  Admin: 10,
  Root: 100,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const UserStatus = {
  Enabled: 1,
  Disabled: 2,
  Other: 3,
} as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

export const isAdmin = (role: number): boolean => role >= Role.Admin;
export const isRoot = (role: number): boolean => role >= Role.Root;

/** GET /api/user/self, login answer: the user row minus password. */
export interface SelfUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
  setting: string;
  DeletedAt: number | null;
}

export interface LoginRequest {
  username: string;
  password: string;
}

/** Header carrying the signed-in user's id on every console call (spec: New-Api-User). */
export const USER_ID_HEADER = 'New-Api-User';
