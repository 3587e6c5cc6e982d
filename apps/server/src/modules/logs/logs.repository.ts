import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
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
  private readonly rowPlaceholders: string[] = [];

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

  /**
   * One statement per batch (split only past the parameter limit, then in one transaction); inside the
   * caller's transaction when one is given (the ledger writes charges and their rows together).
   */
  async insertMany(logs: NewLog[], manager?: EntityManager): Promise<void> {
    if (logs.length === 0) return;
    if (manager || logs.length <= this.rowsPerStatement) {
      const runner = manager ?? this.dataSource;
      for (let start = 0; start < logs.length; start += this.rowsPerStatement)
        await runner.query(...this.statement(logs.slice(start, start + this.rowsPerStatement)));
      return;
    }
    await this.dataSource.transaction((transaction) => this.insertMany(logs, transaction));
  }

  private statement(logs: NewLog[]): [string, unknown[]] {
    const driver = this.dataSource.driver;
    const parameters: unknown[] = [];
    const rows: string[] = [];
    for (let row = 0; row < logs.length; row++) {
      const log = logs[row] as Partial<Record<string, unknown>>;
      for (const column of this.columns) {
        parameters.push(driver.preparePersistentValue(log[column.propertyName] ?? column.default, column));
      }
      rows.push(this.placeholders(row));
    }
    return [this.insertInto + rows.join(', '), parameters];
  }

  // A row's placeholder list depends only on its position in the batch: written once, then reused.
  private placeholders(row: number): string {
    let text = this.rowPlaceholders[row];
    if (text === undefined) {
      const first = row * this.columns.length + 1;
      const marks = this.columns.map((_, index) => (this.postgres ? `$${first + index}` : '?'));
      text = `(${marks.join(', ')})`;
      this.rowPlaceholders[row] = text;
    }
    return text;
  }
}
