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

/** What every view of a user shows: the row minus password, access token and setting. */
export interface UserView {
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
  DeletedAt: number | null;
}

/** GET /api/user/self, login answer: the user's own view. */
export interface SelfUser extends UserView {
  /** User setting as a JSON string (see UserSetting / parseUserSetting). */
  setting: string;
  /** False for third-party sign-ups that never set one: deleting the account then needs no password. */
  has_password: boolean;
}

export interface LoginRequest {
  username: string;
  password: string;
}

/** Header carrying the signed-in user's id on every console call (spec: New-Api-User). */
export const USER_ID_HEADER = 'New-Api-User';

/** Account limits (spec 000 §3/§5, reference §8.2). */
export const USERNAME_MAX_LENGTH = 12;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const DISPLAY_NAME_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 50;
export const USER_GROUP_MAX_LENGTH = 64;

/** Row actions of the admin user table: `POST /api/user/manage {id, action}`. */
export const USER_MANAGE_ACTIONS = ['promote', 'demote', 'disable', 'enable', 'delete'] as const;
export type UserManageAction = (typeof USER_MANAGE_ACTIONS)[number];

export interface UserManageRequest {
  id: number;
  action: UserManageAction;
}

/** The user's role and status after a manage action. */
export interface UserManageResult {
  role: number;
  status: number;
}

/** A user as administrators see it (list, search, GET /api/user/{id}): no setting (it holds secrets). */
export interface AdminUser extends UserView {
  created_at: number;
}

/** POST /api/user/ (admin): username and password required; the role defaults to normal. */
export interface CreateUserRequest {
  username: string;
  password: string;
  display_name?: string;
  role?: number;
}

/** PUT /api/user/ (admin). Bound third-party ids are read-only; an empty password keeps the old one. */
export interface UpdateUserRequest {
  id: number;
  username?: string;
  display_name?: string;
  password?: string;
  group?: string;
  quota?: number;
}

/** PUT /api/user/self: only these; role, quota, group and status are never taken from the caller. */
export interface UpdateSelfRequest {
  display_name?: string;
  password?: string;
  /** Required with `password` when the account already has one. */
  original_password?: string;
}

/** DELETE /api/user/self: the password of an account that has one. */
export interface DeleteSelfRequest {
  password?: string;
}

export interface AffTransferRequest {
  quota: number;
}

/** GET /api/user/check_in_status */
export interface CheckInStatus {
  can_check_in: boolean;
}

/** POST /api/user/check_in: the quota credited. */
export interface CheckInResult {
  quota: number;
}

export const NOTIFY_TYPES = ['email', 'webhook'] as const;
export type NotifyType = (typeof NOTIFY_TYPES)[number];

/** Spec 000 §9: the threshold defaults to 500000 (US$1). */
export const DEFAULT_QUOTA_WARNING_THRESHOLD = 500000;
export const WEBHOOK_SECRET_MAX_LENGTH = 128;
export const WEBHOOK_URL_MAX_LENGTH = 512;

/** User setting (spec 000 §3), stored and served as a JSON string in `setting`; PUT /api/user/setting body. */
export interface UserSetting {
  notify_type: NotifyType;
  quota_warning_threshold: number;
  webhook_url: string;
  webhook_secret: string;
  notification_email: string;
  accept_unset_model_ratio_model: boolean;
}

export const DEFAULT_USER_SETTING: UserSetting = {
  notify_type: 'email',
  quota_warning_threshold: DEFAULT_QUOTA_WARNING_THRESHOLD,
  webhook_url: '',
  webhook_secret: '',
  notification_email: '',
  accept_unset_model_ratio_model: false,
};

/** Reads a stored setting string; missing, malformed or mistyped fields fall back to the defaults. */
export function parseUserSetting(text: string): UserSetting {
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : {};
  } catch {
    raw = {};
  }
  const value = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const pick = <K extends keyof UserSetting>(key: K, ok: (v: unknown) => boolean): UserSetting[K] =>
    ok(value[key]) ? (value[key] as UserSetting[K]) : DEFAULT_USER_SETTING[key];
  const isString = (v: unknown) => typeof v === 'string';
  return {
    notify_type: pick('notify_type', (v) => NOTIFY_TYPES.includes(v as NotifyType)),
    quota_warning_threshold: pick(
      'quota_warning_threshold',
      (v) => Number.isSafeInteger(v) && (v as number) >= 0,
    ),
    webhook_url: pick('webhook_url', isString),
    webhook_secret: pick('webhook_secret', isString),
    notification_email: pick('notification_email', isString),
    accept_unset_model_ratio_model: pick('accept_unset_model_ratio_model', (v) => typeof v === 'boolean'),
  };
}
