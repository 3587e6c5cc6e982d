import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { LogEntity } from './log.entity';

export type NewLog = Pick<LogEntity, 'createdAt' | 'type' | 'userId'> & Partial<Omit<LogEntity, 'id'>>;

// Bound parameters one statement may carry: PostgreSQL's wire protocol counts them in 16 bits, SQLite's
// default SQLITE_MAX_VARIABLE_NUMBER is 32766.
const POSTGRES_PARAMETER_LIMIT = 65_535;
const SQLITE_PARAMETER_LIMIT = 32_766;

/**
 * Log rows are the relay's busiest write (a batch of consumption logs every second). They are inserted with
 * one hand-built multi-row statement per batch: TypeORM's insert builder cost the gateway a sixth of its CPU.
 * Columns, defaults and value conversion still come from the entity's metadata and the driver.
 */
@Injectable()
export class LogsRepository {
  private readonly columns: ColumnMetadata[];
  private readonly insertInto: string;
  private readonly postgres: boolean;
  private readonly rowsPerStatement: number;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    const metadata = dataSource.getMetadata(LogEntity);
    this.columns = metadata.columns.filter((column) => !column.isGenerated);
    const columnList = this.columns.map((column) => `"${column.databaseName}"`).join(', ');
    this.insertInto = `INSERT INTO "${metadata.tableName}" (${columnList}) VALUES `;
    this.postgres = dataSource.options.type === 'postgres';
    const limit = this.postgres ? POSTGRES_PARAMETER_LIMIT : SQLITE_PARAMETER_LIMIT;
    this.rowsPerStatement = Math.floor(limit / this.columns.length);
  }

  async insert(log: NewLog): Promise<void> {
    await this.insertMany([log]);
  }

  /** One statement per batch (split only past the parameter limit, then in one transaction). */
  async insertMany(logs: NewLog[]): Promise<void> {
    if (logs.length === 0) return;
    if (logs.length <= this.rowsPerStatement) {
      await this.dataSource.query(...this.statement(logs));
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      for (let start = 0; start < logs.length; start += this.rowsPerStatement) {
        await manager.query(...this.statement(logs.slice(start, start + this.rowsPerStatement)));
      }
    });
  }

  private statement(logs: NewLog[]): [string, unknown[]] {
    const driver = this.dataSource.driver;
    const parameters: unknown[] = [];
    const rows: string[] = [];
    for (const log of logs) {
      const placeholders: string[] = [];
      for (const column of this.columns) {
        const value = (log as Partial<Record<string, unknown>>)[column.propertyName] ?? column.default;
        parameters.push(driver.preparePersistentValue(value, column));
        placeholders.push(this.postgres ? `$${parameters.length}` : '?');
      }
      rows.push(`(${placeholders.join(', ')})`);
    }
    return [this.insertInto + rows.join(', '), parameters];
  }
}
