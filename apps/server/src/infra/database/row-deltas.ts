import { type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { postgresArrayLiteral, unnestColumns } from './postgres-arrays';

/** One row's relative changes: `id` names the row, every other field is added to the column of its name. */
export type RowDeltas<Field extends string> = { id: number } & Record<Field, number>;

/**
 * Adds each row's deltas to its columns (`quota = quota + x`), inside the caller's transaction. The ids are
 * distinct (a drained batch sums its charges per row first). On PostgreSQL the whole batch is one statement
 * with a column a parameter: a statement per row cost the drain a round trip per payer of the batch.
 */
export async function addToRows<Field extends string>(
  manager: EntityManager,
  entity: EntityTarget<ObjectLiteral>,
  fields: readonly Field[],
  rows: ReadonlyArray<RowDeltas<Field>>,
): Promise<void> {
  if (rows.length === 0) return;
  const metadata = manager.connection.getMetadata(entity);
  const columnOf = (field: string) => {
    const column = metadata.findColumnWithPropertyName(field);
    if (!column) throw new Error(`${metadata.name} has no column ${field}`);
    // The database's name for the type (a column declared without one has the JS type here).
    return { name: `"${column.databaseName}"`, type: manager.connection.driver.normalizeType(column) };
  };
  const key = columnOf('id');
  const columns = fields.map(columnOf);
  const table = `"${metadata.tableName}"`;
  if (manager.connection.options.type === 'postgres') {
    const sets = columns.map(({ name }) => `${name} = r.${name} + d.${name}`).join(', ');
    const names = columns.map(({ name }) => name).join(', ');
    const deltas = unnestColumns([key.type, ...columns.map(({ type }) => type)]);
    await manager.query(
      `UPDATE ${table} AS r SET ${sets} FROM ${deltas} AS d(${key.name}, ${names}) WHERE r.${key.name} = d.${key.name}`,
      [
        postgresArrayLiteral(rows.map((row) => row.id)),
        ...fields.map((field) => postgresArrayLiteral(rows.map((row) => row[field]))),
      ],
    );
    return;
  }
  // SQLite runs in this process: a statement per row costs no round trip.
  const sets = columns.map(({ name }) => `${name} = ${name} + ?`).join(', ');
  for (const row of rows)
    await manager.query(`UPDATE ${table} SET ${sets} WHERE ${key.name} = ?`, [
      ...fields.map((field) => row[field]),
      row.id,
    ]);
}
