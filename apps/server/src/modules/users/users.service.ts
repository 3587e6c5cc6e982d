import { type EntityManager } from 'typeorm';
import { Injectable } from '@nestjs/common';
import { DISPLAY_NAME_MAX_LENGTH, LogType, Role, UserStatus } from '@tollgate/contracts';
import { type Locale, type LocalisedText } from '../../common/i18n/locale';
import { OptionsService } from '../options/options.service';
import { PasswordHasher } from './password-hasher';
import { type QuotaListener, UserEvents } from './user-events';
import { USER_LOG_TEXTS } from './user-log-texts';
import { UserLogs } from './user-logs';
import { type Rebate, UserRebates } from './user-rebates';
import { checkEmail, checkPassword, checkUsername } from './user-rules';
import { type UserEntity } from './user.entity';
import { isUniqueViolation } from '../../infra/database/sql-helpers';
import { type ExternalIdColumn, type NewUser, UsersRepository } from './users.repository';
import { userError } from './users.errors';

export type ExternalProvider = 'github' | 'oidc' | 'linuxdo' | 'wechat' | 'telegram';

export interface RegisterUserInput {
  username: string;
  password?: string;
  email?: string;
  displayName?: string;
  affCode?: string;
  external?: { provider: ExternalProvider; id: string };
}

const EXTERNAL_COLUMN: Record<ExternalProvider, ExternalIdColumn> = {
  github: 'githubId',
  oidc: 'oidcId',
  linuxdo: 'linuxDoId',
  wechat: 'wechatId',
  telegram: 'telegramId',
};

const PROVIDER_LABEL: Record<ExternalProvider, string> = {
  github: 'GitHub',
  oidc: 'OIDC',
  linuxdo: 'Linux DO',
  wechat: 'WeChat',
  telegram: 'Telegram',
};

/** What other modules may ask of users; they never reach the repository directly. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly options: OptionsService,
    private readonly logs: UserLogs,
    private readonly events: UserEvents,
    private readonly rebates: UserRebates,
  ) {}

  findActiveById(id: number): Promise<UserEntity | null> {
    return this.users.findActiveById(id);
  }

  usernames(ids: readonly number[]): Promise<Map<number, string>> {
    return this.users.usernames(ids);
  }

  findActiveByLogin(login: string): Promise<UserEntity | null> {
    return this.users.findActiveByLogin(login);
  }

  findActiveByAccessToken(token: string): Promise<UserEntity | null> {
    return this.users.findActiveByAccessToken(token);
  }

  findActiveByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findActiveByEmail(email);
  }

  findActiveByExternalId(provider: ExternalProvider, externalId: string): Promise<UserEntity | null> {
    return this.users.findActiveByExternalId(EXTERNAL_COLUMN[provider], externalId);
  }

  /** The super administrator the gateway reports to (notices, channel-test logs). */
  findRoot(): Promise<UserEntity | null> {
    return this.users.findActiveRoot();
  }

  rootExists(): Promise<boolean> {
    return this.users.existsWithRoleAtLeast(Role.Root);
  }

  /** A user from an already hashed password (setup wizard, tests); `register` is the sign-up path. */
  create(user: NewUser): Promise<UserEntity> {
    return this.users.create(user);
  }

  /** The billing ledger's hook: committed balance changes (top-ups, check-ins, admin edits) as they land. */
  onQuotaAdded(listener: QuotaListener): void {
    this.events.onQuotaAdded(listener);
  }

  async addQuota(userId: number, delta: number): Promise<void> {
    await this.users.addQuota(userId, delta);
    await this.events.quotaAdded(userId, delta);
  }

  /** A refund inside the caller's transaction; `quotaCommitted` hands it to the cached balance once it commits. */
  async refundIn(manager: EntityManager, userId: number, quota: number): Promise<void> {
    await this.users.addQuota(userId, quota, manager);
  }

  quotaCommitted(userId: number, quota: number): Promise<void> {
    return this.events.quotaAdded(userId, quota);
  }

  /**
   * A top-up credited inside the caller's transaction (an online payment) with the inviter's rebate when
   * RebateEnabled (reference §9); `topUpCommitted` hands both to the cached balances once it commits.
   */
  async creditTopUpIn(
    manager: EntityManager,
    userId: number,
    quota: number,
    locale: Locale,
  ): Promise<Rebate | null> {
    await this.users.addQuota(userId, quota, manager);
    return this.rebates.applyIn(manager, userId, quota, locale);
  }

  async topUpCommitted(userId: number, quota: number, rebate: Rebate | null): Promise<void> {
    await this.events.quotaAdded(userId, quota);
    if (rebate) await this.events.quotaAdded(rebate.inviterId, rebate.quota);
  }

  /** The inviter's rebate for a top-up credited already (a redeemed code), in a transaction of its own. */
  async rebateAfterTopUp(userId: number, credited: number, locale: Locale): Promise<void> {
    if (!this.rebates.active()) return;
    const rebate = await this.users.transaction((manager) =>
      this.rebates.applyIn(manager, userId, credited, locale),
    );
    if (rebate) await this.events.quotaAdded(rebate.inviterId, rebate.quota);
  }

  isUsable(user: UserEntity): boolean {
    return user.status === UserStatus.Enabled && user.deletedAt === null;
  }

  /** An address held by another account (cancelled ones too), in any capitalisation. */
  async emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
    return (await this.users.idsWithEmail(email.trim())).some((id) => id !== exceptUserId);
  }

  /** Deleted users keep their names: a cancelled account's username is never handed out again. */
  async usernameTaken(username: string): Promise<boolean> {
    return (await this.users.idsWith('username', username.trim())).length > 0;
  }

  /**
   * Sign-up (password or third party): QuotaForNewUser, and with a known invite code the invitee and
   * inviter rewards of reference §8.5, stored in one transaction; system log lines follow.
   */
  async register(input: RegisterUserInput): Promise<UserEntity> {
    const user = await this.newUserFrom(input);
    // With invitations off (AffEnabled) a code is ignored: the sign-up goes through, nobody is rewarded.
    const affCode = this.options.getBoolean('AffEnabled') ? input.affCode?.trim() : undefined;
    const inviter = affCode ? await this.users.findActiveByAffCode(affCode) : null;
    const newUserQuota = this.options.getNumber('QuotaForNewUser');
    const inviteeQuota = inviter ? this.options.getNumber('QuotaForInvitee') : 0;
    const inviterQuota = inviter ? this.options.getNumber('QuotaForInviter') : 0;
    user.quota = newUserQuota + inviteeQuota;
    let created: UserEntity;
    try {
      created = inviter
        ? await this.users.createInvited(user, { inviterId: inviter.id, inviterQuota })
        : await this.users.create(user);
    } catch (error) {
      // Two sign-ups with one name at once: the unique index decides.
      if (isUniqueViolation(error)) throw userError('username_taken');
      throw error;
    }
    await this.recordSystem(created, newUserQuota, USER_LOG_TEXTS.newUserBonus);
    await this.recordSystem(created, inviteeQuota, USER_LOG_TEXTS.inviteeBonus);
    if (inviter) await this.recordSystem(inviter, inviterQuota, USER_LOG_TEXTS.inviterReward);
    return created;
  }

  async bindExternalId(userId: number, provider: ExternalProvider, externalId: string): Promise<void> {
    await this.assertExternalIdFree(provider, externalId, userId);
    await this.users.setExternalId(userId, EXTERNAL_COLUMN[provider], externalId);
  }

  async setPassword(userId: number, plainPassword: string): Promise<void> {
    const password = await this.hasher.hash(checkPassword(plainPassword));
    await this.users.update(userId, { password });
  }

  async setEmail(userId: number, email: string): Promise<void> {
    const clean = checkEmail(email);
    if (await this.emailTaken(clean, userId)) throw userError('email_taken');
    await this.users.setEmail(userId, clean);
  }

  private async newUserFrom(input: RegisterUserInput): Promise<NewUser> {
    const username = checkUsername(input.username);
    if (await this.usernameTaken(username)) throw userError('username_taken');
    const email = input.email ? checkEmail(input.email) : '';
    if (email && (await this.emailTaken(email))) throw userError('email_taken');
    const user: NewUser = {
      username,
      email,
      role: Role.Common,
      // Provider names can be long; a sign-up should not fail over a display name.
      displayName:
        [...(input.displayName ?? '').trim()].slice(0, DISPLAY_NAME_MAX_LENGTH).join('') || username,
      password:
        input.password === undefined
          ? this.hasher.unusable()
          : await this.hasher.hash(checkPassword(input.password)),
    };
    if (input.external) {
      await this.assertExternalIdFree(input.external.provider, input.external.id);
      user[EXTERNAL_COLUMN[input.external.provider]] = input.external.id;
    }
    return user;
  }

  private async assertExternalIdFree(provider: ExternalProvider, externalId: string, ownerId?: number) {
    const holders = await this.users.idsWith(EXTERNAL_COLUMN[provider], externalId);
    if (holders.some((id) => id !== ownerId))
      throw userError('external_id_bound', { provider: PROVIDER_LABEL[provider] });
  }

  // Sign-ups carry no caller language: these lines use the console's fallback, Chinese.
  private async recordSystem(user: UserEntity, quota: number, text: LocalisedText): Promise<void> {
    if (quota > 0) await this.logs.record({ type: LogType.System, user, text, quota, locale: 'zh' });
  }

  /** A user's balance as stored (the billing ledger's cold read); null when there is no such user. */
  async storedQuota(userId: number): Promise<number | null> {
    return (await this.users.findById(userId))?.quota ?? null;
  }

  /** Billing write-behind: adds each user's summed quota, used quota and request count. */
  applyQuotaDeltas(
    rows: ReadonlyArray<{ id: number; quota: number; usedQuota: number; requestCount: number }>,
    manager: EntityManager,
  ): Promise<void> {
    return this.users.applyQuotaDeltas(rows, manager);
  }
}
