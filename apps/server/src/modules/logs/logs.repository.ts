import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { LogEntity } from './log.entity';

export type NewLog = Pick<LogEntity, 'createdAt' | 'type' | 'userId'> & Partial<Omit<LogEntity, 'id'>>;

@Injectable()
export class LogsRepository {
  private readonly logs: Repository<LogEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.logs = dataSource.getRepository(LogEntity);
  }

  async insert(log: NewLog): Promise<void> {
    await this.logs.insert(this.logs.create(log));
  }

  /** Batched insert; chunked so SQLite's bound-parameter limit is never reached. */
  async insertMany(logs: NewLog[]): Promise<void> {
    for (let start = 0; start < logs.length; start += 50) {
      await this.logs.insert(logs.slice(start, start + 50).map((log) => this.logs.create(log)));
    }
  }
}
