import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type LogType } from '@tollgate/contracts';
import { nowSeconds } from '../../infra/database/columns';
import { type LogEntity } from './log.entity';
import { LogsRepository } from './logs.repository';

/** What a caller states about an event; the time is taken here. */
export type LogRecord = { type: LogType; userId: number } & Partial<
  Omit<LogEntity, 'id' | 'createdAt' | 'type' | 'userId'>
>;

/** Writes log rows; other modules record events through it and never touch the table. */
@Injectable()
export class LogsService {
  constructor(private readonly logs: LogsRepository) {}

  record(entry: LogRecord): Promise<void> {
    return this.logs.insert({ ...entry, createdAt: nowSeconds() });
  }

  /** Many rows at once (batched usage logs); each carries the time of its event. */
  recordMany(entries: Array<LogRecord & { createdAt: number }>, manager?: EntityManager): Promise<void> {
    return this.logs.insertMany(entries, manager);
  }
}
