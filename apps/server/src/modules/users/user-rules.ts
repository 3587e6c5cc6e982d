import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  isRoot,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  Role,
  USER_GROUP_MAX_LENGTH,
  type UserManageAction,
  type UserManageResult,
  USERNAME_MAX_LENGTH,
  UserStatus,
} from '@tollgate/contracts';
import { type AppError } from '../../common/errors/app-error';
import { userError } from './users.errors';

/** Account field rules (spec 000 §3/§5): each returns the cleaned value or throws the spec's message. */
export function checkUsername(raw: string | undefined): string {
  const username = raw?.trim() ?? '';
  if (!username) throw userError('username_required');
  if ([...username].length > USERNAME_MAX_LENGTH)
    throw userError('invalid_username', { max: USERNAME_MAX_LENGTH });
  return username;
}

export function checkPassword(password: string | undefined): string {
  if (!password) throw userError('password_required');
  if (password.length < PASSWORD_MIN_LENGTH) throw userError('password_too_short');
  if (password.length > PASSWORD_MAX_LENGTH)
    throw userError('password_too_long', { max: PASSWORD_MAX_LENGTH });
  return password;
}

export function checkDisplayName(raw: string): string {
  const name = raw.trim();
  if ([...name].length > DISPLAY_NAME_MAX_LENGTH)
    throw userError('invalid_display_name', { max: DISPLAY_NAME_MAX_LENGTH });
  return name;
}

// Deliberately loose (one @, a dot in the domain, no spaces): the verification mail is the real proof.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export function checkEmail(raw: string): string {
  const email = raw.trim();
  if (!isValidEmail(email)) throw userError('invalid_email');
  return email;
}

export function checkGroup(raw: string): string {
  const group = raw.trim();
  if (!group || group.length > USER_GROUP_MAX_LENGTH)
    throw userError('invalid_group', { max: USER_GROUP_MAX_LENGTH });
  return group;
}

export function checkQuota(quota: number): number {
  if (quota < 0) throw userError('invalid_quota');
  return quota;
}

interface Party {
  role: number;
}

/** Reference §8.7: acting on a user needs a strictly higher role, except for the root. */
const outranks = (actor: Party, target: Party): boolean => isRoot(actor.role) || actor.role > target.role;

export function readBlocker(actor: Party, target: Party): AppError | null {
  return outranks(actor, target) ? null : userError('read_forbidden');
}

export function updateBlocker(actor: Party, target: Party): AppError | null {
  return outranks(actor, target) ? null : userError('update_forbidden');
}

/** Nobody creates a user whose role reaches their own. */
export function createBlocker(actor: Party, role: number): AppError | null {
  return role < actor.role ? null : userError('create_forbidden');
}

interface ManagedUser extends Party {
  status: number;
}

/** What a manage action changes, or why it is refused (spec 000 §6, reference §8.7). */
export type ManageOutcome =
  { kind: 'refused'; error: AppError } | { kind: 'change'; result: UserManageResult } | { kind: 'delete' };

const refuse = (error: AppError): ManageOutcome => ({ kind: 'refused', error });
const change = (role: number, status: number): ManageOutcome => ({
  kind: 'change',
  result: { role, status },
});

export function manageOutcome(actor: Party, target: ManagedUser, action: UserManageAction): ManageOutcome {
  const blocker = updateBlocker(actor, target);
  if (blocker) return refuse(blocker);
  const targetIsRoot = isRoot(target.role);
  switch (action) {
    case 'promote':
      if (!isRoot(actor.role)) return refuse(userError('promote_needs_root'));
      if (target.role >= Role.Admin) return refuse(userError('already_admin'));
      return change(Role.Admin, target.status);
    case 'demote':
      if (targetIsRoot) return refuse(userError('root_cannot_be_demoted'));
      if (target.role <= Role.Common) return refuse(userError('already_common'));
      return change(Role.Common, target.status);
    case 'disable':
      if (targetIsRoot) return refuse(userError('root_cannot_be_disabled'));
      return change(target.role, UserStatus.Disabled);
    case 'enable':
      // Status 3 ("other") is set by the system; the console greys out enable for it too.
      if (target.status === UserStatus.Other) return refuse(userError('enable_not_allowed'));
      return change(target.role, UserStatus.Enabled);
    case 'delete':
      if (targetIsRoot) return refuse(userError('root_cannot_be_deleted'));
      return { kind: 'delete' };
  }
}
