import { type DataSource } from 'typeorm';
import { openDataSource } from '../src/infra/database/data-source';
import { createPostgresDatabase } from './support/test-databases';
import { testConfig } from './support/test-config';

/** Entities and hand-written migrations must describe the same schema on both dialects. */
async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((query) => query.query);
}

describe('migrations match entities', () => {
  it('on SQLite', async () => {
    const dataSource = await openDataSource(testConfig({}));
    try {
      expect(await pendingSchemaChanges(dataSource)).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });

  it('on PostgreSQL', async () => {
    const database = await createPostgresDatabase();
    const dataSource = await openDataSource(testConfig({ databaseUrl: database.url }));
    try {
      expect(await pendingSchemaChanges(dataSource)).toEqual([]);
    } finally {
      await dataSource.destroy();
      await database.drop();
    }
  });
});
