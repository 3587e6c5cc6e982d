import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { nowSeconds } from '../../infra/database/columns';
import { UserEntity } from './user.entity';

export type NewUser = Pick<UserEntity, 'username' | 'password' | 'role'> &
  Partial<Pick<UserEntity, 'displayName' | 'email' | 'group' | 'quota' | 'inviterId'>>;

@Injectable()
export class UsersRepository {
  private readonly users: Repository<UserEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  findActiveById(id: number): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id, deletedAt: IsNull() } });
  }

  /** Login accepts the username or the email address. */
  findActiveByLogin(login: string): Promise<UserEntity | null> {
    return this.users.findOne({
      where: [
        { username: login, deletedAt: IsNull() },
        { email: login, deletedAt: IsNull() },
      ],
    });
  }

  findActiveByAccessToken(accessToken: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { accessToken, deletedAt: IsNull() } });
  }

  async existsWithRoleAtLeast(role: number): Promise<boolean> {
    return (await this.users.createQueryBuilder('u').where('u.role >= :role', { role }).getCount()) > 0;
  }

  /** Atomic relative change of the balance (a top-up, a refund, an admin adjustment). */
  async addQuota(id: number, delta: number): Promise<void> {
    await this.users
      .createQueryBuilder()
      .update(UserEntity)
      .set({ quota: () => 'quota + :delta' })
      .setParameter('delta', delta)
      .where('id = :id', { id })
      .execute();
  }

  async create(user: NewUser): Promise<UserEntity> {
    return this.users.save(
      this.users.create({ displayName: user.username, ...user, createdAt: nowSeconds(), setting: '' }),
    );
  }
}
