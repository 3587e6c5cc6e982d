import { type DataSource } from 'typeorm';

/**
 * Every row of every table the app owns, as one text: two equal snapshots mean nothing was stored in
 * between. Rows are sorted by their JSON, so a database returning them in another order changes nothing.
 */
export async function databaseSnapshot(data: DataSource): Promise<string> {
  const tables: Record<string, string[]> = {};
  for (const { tableName } of data.entityMetadatas) {
    const rows = await data.query<unknown[]>(`SELECT * FROM "${tableName}"`);
    tables[tableName] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(tables);
}
