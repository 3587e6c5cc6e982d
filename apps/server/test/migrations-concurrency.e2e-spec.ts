import { type DataSource } from 'typeorm';
import { openDataSource } from '../src/infra/database/data-source';
import { POSTGRES_MIGRATIONS } from '../src/infra/database/migrations/postgres';
import { createPostgresDatabase } from './support/test-databases';
import { testConfig } from './support/test-config';

const ROUNDS = 10;
const PROCESSES = 3;

/** Several replicas booting at the same moment on an empty database (compose, every release with a migration). */
describe('migrations run under a lock on PostgreSQL', () => {
  it(`${PROCESSES} boots at once on an empty database start cleanly, ${ROUNDS} rounds out of ${ROUNDS}`, async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const database = await createPostgresDatabase();
      const config = testConfig({ databaseUrl: database.url });
      const boots = await Promise.allSettled(Array.from({ length: PROCESSES }, () => openDataSource(config)));
      const opened = boots.flatMap((boot) => (boot.status === 'fulfilled' ? [boot.value] : []));
      try {
        for (const boot of boots) {
          if (boot.status === 'rejected') failures.push(`round ${round}: ${String(boot.reason)}`);
        }
        if (opened.length > 0) await expectEachMigrationOnce(opened[0]);
        // The lock is the session's of a connection released after the run: nothing holds it now.
        if (opened.length > 0) expect(await advisoryLocksHeld(opened[0])).toBe(0);
      } finally {
        await Promise.all(opened.map((dataSource) => dataSource.destroy()));
        await database.drop();
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

async function expectEachMigrationOnce(dataSource: DataSource): Promise<void> {
  const rows: { name: string }[] = await dataSource.query('SELECT "name" FROM "migrations" ORDER BY "id"');
  expect(rows.map((row) => row.name)).toEqual(POSTGRES_MIGRATIONS.map((migration) => migration.name));
}

async function advisoryLocksHeld(dataSource: DataSource): Promise<number> {
  const rows: { count: string }[] = await dataSource.query(
    "SELECT count(*) AS count FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
  );
  return Number(rows[0].count);
}
