import { type SelfUser } from '@tollgate/contracts';
import { type UserEntity } from './user.entity';

/** The wire shape of a user: the row minus password and access token. */
export function toSelfUser(user: UserEntity): SelfUser {
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
    setting: user.setting,
    DeletedAt: user.deletedAt,
  };
}
