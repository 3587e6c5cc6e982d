import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { LOG_INDEXES, OLD_LOG_INDEXES } from '../log-indexes';

/**
 * The log pages' indexes (issue 14): one (filter, created_at, id) index per filter instead of one column each, so
 * a page in "newest first" order is read off the index and stops at its LIMIT. Built in the migration's
 * transaction: CREATE INDEX CONCURRENTLY waits for every older snapshot, including the replicas waiting on the
 * migration lock, so it would never finish; the relay's log writes wait in the journal while it builds.
 */
export class LogsReadIndexes1732700000000 implements MigrationInterface {
  name = 'LogsReadIndexes1732700000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const [name, columns] of LOG_INDEXES)
      await runner.query(`CREATE INDEX "${name}" ON "logs" (${columns})`);
    for (const [name] of OLD_LOG_INDEXES) await runner.query(`DROP INDEX "${name}"`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const [name, columns] of OLD_LOG_INDEXES)
      await runner.query(`CREATE INDEX "${name}" ON "logs" (${columns})`);
    for (const [name] of LOG_INDEXES) await runner.query(`DROP INDEX "${name}"`);
  }
}
