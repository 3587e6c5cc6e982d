import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { type AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { POSTGRES_MIGRATIONS } from './migrations/postgres';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';
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
  await dataSource.runMigrations({ transaction: 'each' });
  if (!config.databaseUrl) serialiseSqliteTransactions(dataSource);
  return dataSource;
}
