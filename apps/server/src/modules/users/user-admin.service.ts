import { Injectable } from '@nestjs/common';
import {
  LogType,
  type Page,
  Role,
  USER_MANAGE_ACTIONS,
  type UserManageAction,
  type UserManageResult,
  UserStatus,
} from '@tollgate/contracts';
import { type Caller } from '../../common/decorators/auth.decorators';
import { type PageQueryDto, pageWindow, toPage } from '../../common/http/pagination';
import { type Locale } from '../../common/i18n/locale';
import { SessionService } from '../auth/session.service';
import { isUniqueViolation } from '../../infra/database/sql-helpers';
import { OptionsService } from '../options/options.service';
import { PasswordHasher } from './password-hasher';
import { USER_LOG_TEXTS } from './user-log-texts';
import { UserLogs } from './user-logs';
import {
  checkDisplayName,
  checkGroup,
  checkPassword,
  checkQuota,
  checkUsername,
  createBlocker,
  manageOutcome,
  readBlocker,
  updateBlocker,
} from './user-rules';
import { type UserEntity } from './user.entity';
import { UserEvents } from './user-events';
import { type UserChanges, type UserListFilter, UsersRepository } from './users.repository';
import { userError } from './users.errors';

/** A write that may give a user a name: the check before it can race another one, the unique index decides. */
async function takingUsername<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw userError('username_taken');
    throw error;
  }
}

export interface NewUserByAdmin {
  username?: string;
  password?: string;
  display_name?: string;
  role?: number;
}

export interface UserEdit {
  id: number;
  username?: string;
  display_name?: string;
  password?: string;
  group?: string;
  quota?: number;
}

/** User management for administrators: every rule of spec 000 §6 / reference §8.7 is applied here. */
@Injectable()
export class UserAdminService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly options: OptionsService,
    private readonly logs: UserLogs,
    private readonly events: UserEvents,
    private readonly sessions: SessionService,
  ) {}

  async list(query: PageQueryDto, filter: UserListFilter): Promise<Page<UserEntity>> {
    const [items, total] = await this.users.listPage(pageWindow(query), filter);
    return toPage(items, total, query);
  }

  async get(caller: Caller, id: number): Promise<UserEntity> {
    const user = await this.users.findById(id);
    if (!user) throw userError('user_not_found');
    const blocker = readBlocker(caller, user);
    if (blocker) throw blocker;
    return user;
  }

  /** Like a sign-up (QuotaForNewUser applies), but with a role below the administrator's own. */
  async create(caller: Caller, input: NewUserByAdmin, locale: Locale): Promise<UserEntity> {
    const username = checkUsername(input.username);
    const password = checkPassword(input.password);
    const role = input.role ?? Role.Common;
    const blocker = createBlocker(caller, role);
    if (blocker) throw blocker;
    if ((await this.users.idsWith('username', username)).length > 0) throw userError('username_taken');
    const quota = this.options.getNumber('QuotaForNewUser');
    const created = await takingUsername(
      this.users.create({
        username,
        role,
        quota,
        password: await this.hasher.hash(password),
        displayName: checkDisplayName(input.display_name ?? '') || username,
      }),
    );
    if (quota > 0)
      await this.logs.record({
        type: LogType.System,
        user: created,
        text: USER_LOG_TEXTS.newUserBonus,
        quota,
        locale,
      });
    return created;
  }

  /** Edits the given fields; a quota change is applied as a difference so concurrent spending is kept. */
  async update(caller: Caller, edit: UserEdit, locale: Locale): Promise<UserEntity> {
    const target = await this.editableTarget(caller, edit.id);
    const changes = await this.changesFor(target, edit);
    const quota = edit.quota === undefined ? target.quota : checkQuota(edit.quota);
    if (Object.keys(changes).length > 0) await takingUsername(this.users.update(target.id, changes));
    // Whoever held the old password is out; the user signs in again with the new one.
    if (changes.password) await this.sessions.endAllFor(target.id);
    if (quota !== target.quota) {
      await this.users.addQuota(target.id, quota - target.quota);
      await this.events.quotaAdded(target.id, quota - target.quota);
      await this.logs.record({
        type: LogType.Manage,
        user: { id: target.id, username: changes.username ?? target.username },
        text: USER_LOG_TEXTS.adminQuotaChange,
        quota: quota - target.quota,
        params: { from: this.logs.amount(target.quota), to: this.logs.amount(quota) },
        other: { admin_info: { admin_id: caller.id, admin_username: caller.username } },
        locale,
      });
    }
    await this.events.changed([target.id]);
    return (await this.users.findById(target.id)) ?? target;
  }

  async manage(caller: Caller, id: number, action: string): Promise<UserManageResult> {
    if (!USER_MANAGE_ACTIONS.includes(action as UserManageAction)) throw userError('invalid_action');
    const target = await this.users.findById(id);
    if (!target) throw userError('user_not_found');
    if (target.deletedAt !== null) throw userError('user_cancelled');
    const outcome = manageOutcome(caller, target, action as UserManageAction);
    switch (outcome.kind) {
      case 'refused':
        throw outcome.error;
      case 'delete':
        await this.users.softDelete(target.id);
        await this.sessions.endAllFor(target.id);
        await this.events.changed([target.id]);
        return { role: target.role, status: target.status };
      case 'change':
        await this.users.update(target.id, outcome.result);
        // Sessions end rather than wait: enabling the account again must not bring them back.
        if (outcome.result.status === UserStatus.Disabled) await this.sessions.endAllFor(target.id);
        await this.events.changed([target.id]);
        return outcome.result;
    }
  }

  private async editableTarget(caller: Caller, id: number): Promise<UserEntity> {
    const target = await this.users.findById(id);
    if (!target) throw userError('user_not_found');
    const blocker = updateBlocker(caller, target);
    if (blocker) throw blocker;
    if (target.deletedAt !== null) throw userError('user_cancelled');
    return target;
  }

  /** Checks every field before anything is written, so a bad field leaves the user untouched. */
  private async changesFor(target: UserEntity, edit: UserEdit): Promise<UserChanges> {
    const changes: UserChanges = {};
    if (edit.username !== undefined) {
      const username = checkUsername(edit.username);
      const holders = await this.users.idsWith('username', username);
      if (holders.some((holder) => holder !== target.id)) throw userError('username_taken');
      changes.username = username;
    }
    if (edit.display_name !== undefined)
      changes.displayName = checkDisplayName(edit.display_name) || (changes.username ?? target.username);
    if (edit.group !== undefined) changes.group = checkGroup(edit.group);
    // The edit drawer sends an empty password to keep the current one.
    if (edit.password) changes.password = await this.hasher.hash(checkPassword(edit.password));
    return changes;
  }
}
