import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { LedgerCursorEntity } from './ledger-cursor.entity';

// Before any entry: Redis stream ids start above it.
const START = '0-0';

/** The journal cursors, and the transaction a drained batch is applied in. */
@Injectable()
export class LedgerCursorRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * The last entry applied, with the cursor row locked until the transaction ends: one upsert that creates the
   * row on first use and answers its value (a write, so PostgreSQL locks the row; SQLite writes one at a time).
   */
  async lockedLastId(manager: EntityManager, name: string): Promise<string> {
    const mark = this.dataSource.options.type === 'postgres' ? ['$1', '$2'] : ['?', '?'];
    const rows = await manager.query<Array<{ last_id: string }>>(
      `INSERT INTO "ledger_cursors" ("name", "last_id") VALUES (${mark[0]}, ${mark[1]}) ` +
        'ON CONFLICT ("name") DO UPDATE SET "name" = excluded."name" RETURNING "last_id"',
      [name, START],
    );
    return rows[0].last_id;
  }

  /** Runs work inside a savepoint: a failure undoes only its writes, and is answered instead of thrown. */
  async inSavepoint(manager: EntityManager, work: () => Promise<void>): Promise<Error | undefined> {
    await manager.query('SAVEPOINT ledger_step');
    try {
      await work();
      await manager.query('RELEASE SAVEPOINT ledger_step');
      return undefined;
    } catch (error) {
      await manager.query('ROLLBACK TO SAVEPOINT ledger_step');
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  async advance(manager: EntityManager, name: string, lastId: string): Promise<void> {
    await manager.getRepository(LedgerCursorEntity).update({ name }, { lastId });
  }
}
