import { Inject, Injectable } from '@nestjs/common';
import { DataSource, LessThan, Not, type Repository } from 'typeorm';
import { SessionEntity } from './session.entity';

@Injectable()
export class SessionsRepository {
  private readonly sessions: Repository<SessionEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.sessions = dataSource.getRepository(SessionEntity);
  }

  async insert(session: SessionEntity): Promise<void> {
    await this.sessions.insert(session);
  }

  findById(id: string): Promise<SessionEntity | null> {
    return this.sessions.findOneBy({ id });
  }

  async deleteById(id: string): Promise<void> {
    await this.sessions.delete({ id });
  }

  async deleteByUserId(userId: number): Promise<void> {
    await this.sessions.delete({ userId });
  }

  async deleteByUserIdExcept(userId: number, keptId: string): Promise<void> {
    await this.sessions.delete({ userId, id: Not(keptId) });
  }

  async deleteExpired(now: number): Promise<number> {
    return (await this.sessions.delete({ expiresAt: LessThan(now) })).affected ?? 0;
  }
}
