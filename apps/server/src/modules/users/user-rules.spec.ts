import { Role, UserStatus, type UserManageAction } from '@tollgate/contracts';
import { AppError } from '../../common/errors/app-error';
import {
  checkDisplayName,
  checkPassword,
  checkUsername,
  createBlocker,
  manageOutcome,
  readBlocker,
  updateBlocker,
} from './user-rules';

const errorCode = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not-an-app-error';
  }
};

interface Party {
  role: number;
  status: number;
}

const normal: Party = { role: Role.Common, status: UserStatus.Enabled };
const admin: Party = { role: Role.Admin, status: UserStatus.Enabled };
const root: Party = { role: Role.Root, status: UserStatus.Enabled };

describe('account field rules', () => {
  it('trims usernames and limits them to 12 characters', () => {
    expect(checkUsername('  bob ')).toBe('bob');
    expect(checkUsername('a'.repeat(12))).toBe('a'.repeat(12));
    expect(errorCode(() => checkUsername('a'.repeat(13)))).toBe('invalid_username');
    expect(errorCode(() => checkUsername('   '))).toBe('username_required');
    expect(errorCode(() => checkUsername(undefined))).toBe('username_required');
  });

  it('wants passwords of 8 to 20 characters', () => {
    expect(checkPassword('12345678')).toBe('12345678');
    expect(errorCode(() => checkPassword('1234567'))).toBe('password_too_short');
    expect(errorCode(() => checkPassword('x'.repeat(21)))).toBe('password_too_long');
    expect(errorCode(() => checkPassword(''))).toBe('password_required');
  });

  it('limits display names to 20 characters, counting code points', () => {
    expect(checkDisplayName('管'.repeat(20))).toBe('管'.repeat(20));
    expect(errorCode(() => checkDisplayName('x'.repeat(21)))).toBe('invalid_display_name');
  });
});

describe('role rules (reference §8.7)', () => {
  it('lets a higher role, or the root, read and update', () => {
    expect(readBlocker(admin, normal)).toBeNull();
    expect(readBlocker(admin, admin)?.code).toBe('read_forbidden');
    expect(readBlocker(admin, root)?.code).toBe('read_forbidden');
    expect(readBlocker(root, root)).toBeNull();
    expect(updateBlocker(normal, normal)?.code).toBe('update_forbidden');
    expect(updateBlocker(root, admin)).toBeNull();
  });

  it('never creates a user at or above the creator', () => {
    expect(createBlocker(admin, Role.Common)).toBeNull();
    expect(createBlocker(admin, Role.Admin)?.code).toBe('create_forbidden');
    expect(createBlocker(root, Role.Admin)).toBeNull();
    expect(createBlocker(root, Role.Root)?.code).toBe('create_forbidden');
  });

  const outcome = (actor: Party, target: Party, action: UserManageAction) => {
    const result = manageOutcome(actor, target, action);
    if (result.kind === 'refused') return result.error.code;
    return result.kind === 'delete' ? 'deleted' : result.result;
  };

  it.each([
    [admin, normal, 'promote', 'promote_needs_root'],
    [admin, normal, 'demote', 'already_common'],
    [admin, normal, 'disable', { role: Role.Common, status: UserStatus.Disabled }],
    [admin, normal, 'delete', 'deleted'],
    [admin, admin, 'disable', 'update_forbidden'],
    [admin, root, 'demote', 'update_forbidden'],
    [root, normal, 'promote', { role: Role.Admin, status: UserStatus.Enabled }],
    [root, admin, 'promote', 'already_admin'],
    [root, admin, 'demote', { role: Role.Common, status: UserStatus.Enabled }],
    [root, root, 'demote', 'root_cannot_be_demoted'],
    [root, root, 'disable', 'root_cannot_be_disabled'],
    [root, root, 'delete', 'root_cannot_be_deleted'],
    [root, root, 'enable', { role: Role.Root, status: UserStatus.Enabled }],
  ] as const)('%j on %j: %s → %j', (actor, target, action, expected) => {
    expect(outcome(actor, target, action)).toEqual(expected);
  });

  it('enables a banned user but not one in the "other" state', () => {
    const banned = { role: Role.Common, status: UserStatus.Disabled };
    expect(outcome(admin, banned, 'enable')).toEqual({ role: Role.Common, status: UserStatus.Enabled });
    expect(outcome(admin, { role: Role.Common, status: UserStatus.Other }, 'enable')).toBe(
      'enable_not_allowed',
    );
  });
});
