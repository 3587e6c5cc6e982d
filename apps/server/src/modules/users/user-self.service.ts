import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isRoot, type UserSetting } from '@tollgate/contracts';
import { commonError } from '../../common/errors/common.errors';
import { SessionService } from '../auth/session.service';
import { isUsablePasswordHash, PasswordHasher } from './password-hasher';
import { checkDisplayName, checkPassword } from './user-rules';
import { mergeUserSetting, type UserSettingChanges } from './user-setting';
import { type UserEntity } from './user.entity';
import { UserEvents } from './user-events';
import { type UserChanges, UsersRepository } from './users.repository';
import { userError } from './users.errors';

export interface SelfEdit {
  display_name?: string;
  password?: string;
  original_password?: string;
}

/** A signed-in user's own account: profile, password, access token, setting, self-deletion. */
@Injectable()
export class UserSelfService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly events: UserEvents,
    private readonly sessions: SessionService,
  ) {}

  async get(userId: number): Promise<UserEntity> {
    const user = await this.users.findActiveById(userId);
    // The guard let the caller in a moment ago; a deletion in between still ends the session.
    if (!user) throw commonError('unauthenticated');
    return user;
  }

  /**
   * Only the display name and the password: role, quota, group and status never come from the user.
   * A new password signs out every other session; `sessionToken` (the caller's own, if any) stays.
   */
  async update(userId: number, edit: SelfEdit, sessionToken: string | null): Promise<UserEntity> {
    const user = await this.get(userId);
    const changes: UserChanges = {};
    if (edit.display_name !== undefined)
      changes.displayName = checkDisplayName(edit.display_name) || user.username;
    if (edit.password) {
      const password = checkPassword(edit.password);
      if (
        isUsablePasswordHash(user.password) &&
        !(await this.hasher.verify(user.password, edit.original_password ?? ''))
      )
        throw userError('original_password_wrong');
      changes.password = await this.hasher.hash(password);
    }
    if (Object.keys(changes).length > 0) await this.users.update(userId, changes);
    if (changes.password) await this.sessions.endOthersFor(userId, sessionToken);
    return this.get(userId);
  }

  /** Soft delete; the sessions end and the guard refuses the access token from now on. */
  async delete(userId: number, password: string | undefined): Promise<void> {
    const user = await this.get(userId);
    if (isRoot(user.role)) throw userError('root_cannot_delete_self');
    if (isUsablePasswordHash(user.password)) {
      if (!password) throw userError('password_required');
      if (!(await this.hasher.verify(user.password, password))) throw userError('password_wrong');
    }
    await this.users.softDelete(userId);
    await this.sessions.endAllFor(userId);
    await this.events.changed([userId]);
  }

  /** A fresh system access token replaces the old one (which stops working at once). */
  async regenerateAccessToken(userId: number): Promise<string> {
    await this.get(userId);
    const token = randomBytes(24).toString('base64url');
    await this.users.setAccessToken(userId, token);
    return token;
  }

  async updateSetting(userId: number, changes: UserSettingChanges): Promise<UserSetting> {
    const user = await this.get(userId);
    const setting = mergeUserSetting(user.setting, changes);
    await this.users.update(userId, { setting: JSON.stringify(setting) });
    await this.events.changed([userId]);
    return setting;
  }
}
