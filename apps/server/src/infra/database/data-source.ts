import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { type AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { POSTGRES_MIGRATIONS } from './migrations/postgres';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';
import { sqliteDriver } from './sqlite-driver';
import { serialiseSqliteTransactions } from './sqlite-transactions';

export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  const common = { entities: ENTITIES, synchronize: false, migrationsRun: false, logging: false } as const;
  if (config.databaseUrl) {
    return {
      ...common,
      type: 'postgres',
      url: config.databaseUrl,
      migrations: POSTGRES_MIGRATIONS,
      extra: { max: 20, idleTimeoutMillis: 30_000 },
    };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    driver: sqliteDriver(),
    database: join(config.dataDir, 'tollgate.db'),
    migrations: SQLITE_MIGRATIONS,
    // WAL lets console reads proceed while the relay writes; busy_timeout rides out short write locks.
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
    },
  };
}

export async function openDataSource(config: AppConfig): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(config));
  await dataSource.initialize();
  try {
    // SQLite needs no lock: it is the one-box mode, one process owning the file in its data dir (scaling
    // out means DATABASE_URL), so no other boot migrates that file at the same time.
    if (config.databaseUrl) await runPostgresMigrationsLocked(dataSource);
    else await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  if (!config.databaseUrl) serialiseSqliteTransactions(dataSource);
  return dataSource;
}

// Any fixed 64-bit number; advisory locks are per database, so only Tollgate's own boots contend for it.
const MIGRATION_LOCK_KEY = '7316870520914155521';

/**
 * Replicas boot together (compose, every release with a migration): unlocked, two of them create the same
 * table and one dies on `pg_type_typname_nsp_index` or "relation already exists". One holds the lock and
 * migrates; the others wait, then find nothing pending. A session lock on a dedicated connection, because
 * each migration commits on its own; a process that dies mid-run closes that session and frees the lock.
 */
async function runPostgresMigrationsLocked(dataSource: DataSource): Promise<void> {
  const lock = dataSource.createQueryRunner('master');
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await lock.release();
  }
}
