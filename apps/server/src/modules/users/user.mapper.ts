import { type AdminUser, type SelfUser, type UserView } from '@tollgate/contracts';
import { isUsablePasswordHash } from './password-hasher';
import { type UserEntity } from './user.entity';

/** What every view shares; never the password hash or the access token. */
function publicFields(user: UserEntity): UserView {
  return {
    id: user.id,
    username: user.username,
    display_name: user.displayName,
    role: user.role,
    status: user.status,
    email: user.email,
    github_id: user.githubId,
    oidc_id: user.oidcId,
    wechat_id: user.wechatId,
    telegram_id: user.telegramId,
    linux_do_id: user.linuxDoId,
    quota: user.quota,
    used_quota: user.usedQuota,
    request_count: user.requestCount,
    group: user.group,
    aff_code: user.affCode ?? '',
    aff_count: user.affCount,
    aff_quota: user.affQuota,
    aff_history_quota: user.affHistoryQuota,
    inviter_id: user.inviterId,
    DeletedAt: user.deletedAt,
  };
}

/** The user's own view (GET /api/user/self, login answer): adds the setting JSON. */
export function toSelfUser(user: UserEntity): SelfUser {
  return { ...publicFields(user), setting: user.setting, has_password: isUsablePasswordHash(user.password) };
}

/** Administrators' view: no setting (it holds the user's webhook secret). */
export function toAdminUser(user: UserEntity): AdminUser {
  return { ...publicFields(user), created_at: user.createdAt };
}
