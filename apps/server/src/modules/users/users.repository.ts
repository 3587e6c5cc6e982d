import { Inject, Injectable } from '@nestjs/common';
import { Role } from '@tollgate/contracts';
import { DataSource, type EntityManager, In, IsNull, type Repository } from 'typeorm';
import { type PageWindow } from '../../common/http/pagination';
import { nowSeconds } from '../../infra/database/columns';
import { addToRows, type RowDeltas } from '../../infra/database/row-deltas';
import { UserEntity } from './user.entity';
import { likeContains } from '../../infra/database/sql-helpers';

export type NewUser = Pick<UserEntity, 'username' | 'password' | 'role'> &
  Partial<
    Pick<
      UserEntity,
      | 'displayName'
      | 'email'
      | 'group'
      | 'quota'
      | 'inviterId'
      | 'githubId'
      | 'oidcId'
      | 'linuxDoId'
      | 'wechatId'
      | 'telegramId'
    >
  >;

/** Entity properties holding a third-party account id. */
export type ExternalIdColumn = 'githubId' | 'oidcId' | 'linuxDoId' | 'wechatId' | 'telegramId';

export type UserChanges = Partial<
  Pick<UserEntity, 'username' | 'displayName' | 'password' | 'group' | 'role' | 'status' | 'setting'>
>;

export interface UserListFilter {
  keyword?: string;
  group?: string;
}

/** The inviter's side of a sign-up with an invite code. */
export interface InviteReward {
  inviterId: number;
  inviterQuota: number;
}

// PostgreSQL unique_violation; SQLite unique constraint.

/** All SQL of users. "Active" means not soft-deleted; uniqueness checks include deleted rows. */
@Injectable()
export class UsersRepository {
  private readonly users: Repository<UserEntity>;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id } });
  }

  /** Names of these users (deleted ones too: their past rows still name them). */
  async usernames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.users.find({ select: { id: true, username: true }, where: { id: In([...ids]) } });
    return new Map(rows.map((row) => [row.id, row.username]));
  }

  findActiveById(id: number): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id, deletedAt: IsNull() } });
  }

  /** Login accepts the username (exact) or the email address (any case); a username match wins. */
  async findActiveByLogin(login: string): Promise<UserEntity | null> {
    return (
      (await this.users.findOne({ where: { username: login, deletedAt: IsNull() } })) ??
      this.findActiveByEmail(login)
    );
  }

  findActiveByAccessToken(accessToken: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { accessToken, deletedAt: IsNull() } });
  }

  /** The oldest active holder: accounts from before addresses compared case-insensitively may share one. */
  async findActiveByEmail(email: string): Promise<UserEntity | null> {
    if (!email) return null; // users without an address hold '', which names nobody
    return this.whereEmail(email).andWhere('u.deletedAt IS NULL').orderBy('u.id', 'ASC').getOne();
  }

  findActiveByExternalId(column: ExternalIdColumn, externalId: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { [column]: externalId, deletedAt: IsNull() } });
  }

  findActiveByAffCode(affCode: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { affCode, deletedAt: IsNull() } });
  }

  /** Ids of every user (deleted ones too) holding this value; used to keep identities unique. */
  async idsWith(column: 'username' | ExternalIdColumn, value: string): Promise<number[]> {
    const rows = await this.users.find({ select: { id: true }, where: { [column]: value } });
    return rows.map((row) => row.id);
  }

  /** Like `idsWith`, for an address in any capitalisation. */
  async idsWithEmail(email: string): Promise<number[]> {
    if (!email) return [];
    const rows = await this.whereEmail(email).select('u.id', 'id').getRawMany<{ id: number }>();
    return rows.map((row) => Number(row.id));
  }

  // One mailbox however it is capitalised: stored as given, compared lower-cased on both sides
  // (PostgreSQL and SQLite alike), which idx_users_email_lower serves.
  private whereEmail(email: string) {
    return this.users.createQueryBuilder('u').where('LOWER(u.email) = LOWER(:email)', { email });
  }

  /** The oldest active account with the root role (the setup wizard's, unless it was replaced). */
  findActiveRoot(): Promise<UserEntity | null> {
    return this.users.findOne({ where: { role: Role.Root, deletedAt: IsNull() }, order: { id: 'ASC' } });
  }

  async existsWithRoleAtLeast(role: number): Promise<boolean> {
    return (await this.users.createQueryBuilder('u').where('u.role >= :role', { role }).getCount()) > 0;
  }

  /** Newest first, deleted users included (the console shows them as cancelled). */
  listPage(window: PageWindow, filter: UserListFilter): Promise<[UserEntity[], number]> {
    const query = this.users.createQueryBuilder('u').orderBy('u.id', 'DESC');
    if (filter.keyword) {
      const id = /^\d{1,9}$/.test(filter.keyword) ? Number(filter.keyword) : -1;
      query.where(
        "(LOWER(u.username) LIKE :pattern ESCAPE '\\' OR LOWER(u.display_name) LIKE :pattern ESCAPE '\\'" +
          " OR LOWER(u.email) LIKE :pattern ESCAPE '\\' OR u.id = :id)",
        { pattern: likeContains(filter.keyword), id },
      );
    }
    if (filter.group) query.andWhere('u.group = :group', { group: filter.group });
    return query.skip(window.offset).take(window.limit).getManyAndCount();
  }

  async create(user: NewUser): Promise<UserEntity> {
    return this.insert(this.users.manager, user);
  }

  /**
   * One transaction: the new user (with the invitee bonus already in `quota`) and the inviter's
   * count and spendable-after-transfer reward.
   */
  createInvited(user: NewUser, invite: InviteReward): Promise<UserEntity> {
    return this.dataSource.transaction(async (manager) => {
      const created = await this.insert(manager, { ...user, inviterId: invite.inviterId });
      await manager
        .createQueryBuilder()
        .update(UserEntity)
        .set({
          affCount: () => 'aff_count + 1',
          affQuota: () => 'aff_quota + :reward',
          affHistoryQuota: () => 'aff_history_quota + :reward',
        })
        .setParameter('reward', invite.inviterQuota)
        .where('id = :id', { id: invite.inviterId })
        .execute();
      return created;
    });
  }

  async update(id: number, changes: UserChanges): Promise<void> {
    await this.users.update({ id }, changes);
  }

  async setExternalId(id: number, column: ExternalIdColumn, externalId: string): Promise<void> {
    await this.users.update({ id }, { [column]: externalId });
  }

  async setEmail(id: number, email: string): Promise<void> {
    await this.users.update({ id }, { email });
  }

  async setAccessToken(id: number, accessToken: string): Promise<void> {
    await this.users.update({ id }, { accessToken });
  }

  /** Sets the invite code only if the user has none yet; false when another request won. */
  async setAffCodeIfEmpty(id: number, affCode: string): Promise<boolean> {
    const result = await this.users.update({ id, affCode: IsNull() }, { affCode });
    return (result.affected ?? 0) > 0;
  }

  /** Soft delete; false when the user was already deleted. */
  async softDelete(id: number): Promise<boolean> {
    const result = await this.users.update({ id, deletedAt: IsNull() }, { deletedAt: nowSeconds() });
    return (result.affected ?? 0) > 0;
  }

  /** Atomic relative change of the balance (a top-up, a refund, an admin adjustment), in `manager`'s transaction if given. */
  async addQuota(id: number, delta: number, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource.manager)
      .createQueryBuilder()
      .update(UserEntity)
      .set({ quota: () => 'quota + :delta' })
      .setParameter('delta', delta)
      .where('id = :id', { id })
      .execute();
  }

  /** A user and their inviter (not deleted), read inside `manager`'s transaction; null without either. */
  async withInviter(
    manager: EntityManager,
    id: number,
  ): Promise<{ invitee: UserEntity; inviter: UserEntity } | null> {
    const users = manager.getRepository(UserEntity);
    const invitee = await users.findOne({ where: { id } });
    if (!invitee?.inviterId) return null;
    const inviter = await users.findOne({ where: { id: invitee.inviterId, deletedAt: IsNull() } });
    return inviter ? { invitee, inviter } : null;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Moves invite earnings into the balance in one conditional UPDATE, so two clicks cannot both pass. */
  async transferAffQuota(id: number, amount: number): Promise<boolean> {
    const result = await this.users
      .createQueryBuilder()
      .update(UserEntity)
      .set({ affQuota: () => 'aff_quota - :amount', quota: () => 'quota + :amount' })
      .setParameter('amount', amount)
      .where('id = :id AND aff_quota >= :amount AND deleted_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Credits a check-in only if none happened since `dayStart` (one conditional UPDATE: no double credit). */
  async claimCheckIn(id: number, dayStart: number, now: number, reward: number): Promise<boolean> {
    const result = await this.users
      .createQueryBuilder()
      .update(UserEntity)
      .set({ lastCheckInTime: now, quota: () => 'quota + :reward' })
      .setParameter('reward', reward)
      .where('id = :id AND last_check_in_time < :dayStart AND deleted_at IS NULL', { id, dayStart })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  private insert(manager: EntityManager, user: NewUser): Promise<UserEntity> {
    const repository = manager.getRepository(UserEntity);
    return repository.save(
      repository.create({ displayName: user.username, ...user, createdAt: nowSeconds(), setting: '' }),
    );
  }

  /** Billing write-behind: adds each row's summed deltas, all rows in one transaction. */
  applyQuotaDeltas(
    rows: ReadonlyArray<RowDeltas<'quota' | 'usedQuota' | 'requestCount'>>,
    manager: EntityManager,
  ): Promise<void> {
    return addToRows(manager, UserEntity, ['quota', 'usedQuota', 'requestCount'], rows);
  }
}
