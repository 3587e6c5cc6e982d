import { Injectable } from '@nestjs/common';
import { Role, UserStatus } from '@tollgate/contracts';
import { type UserEntity } from './user.entity';
import { type NewUser, UsersRepository } from './users.repository';

/** What other modules may ask of users; they never reach the repository directly. */
@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  findActiveById(id: number): Promise<UserEntity | null> {
    return this.users.findActiveById(id);
  }

  findActiveByLogin(login: string): Promise<UserEntity | null> {
    return this.users.findActiveByLogin(login);
  }

  findActiveByAccessToken(token: string): Promise<UserEntity | null> {
    return this.users.findActiveByAccessToken(token);
  }

  rootExists(): Promise<boolean> {
    return this.users.existsWithRoleAtLeast(Role.Root);
  }

  create(user: NewUser): Promise<UserEntity> {
    return this.users.create(user);
  }

  addQuota(userId: number, delta: number): Promise<void> {
    return this.users.addQuota(userId, delta);
  }

  isUsable(user: UserEntity): boolean {
    return user.status === UserStatus.Enabled && user.deletedAt === null;
  }
}
