import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { type PageWindow } from '../../common/http/pagination';
import { bigintAsNumber } from '../../infra/database/columns';
import { postgresArrayLiteral, unnestColumns } from '../../infra/database/postgres-arrays';
import { LogEntity } from './log.entity';
import {
  type LogFilter,
  type StoredLogRow,
  type Sql,
  type SqlDialect,
  isUnfiltered,
  logCountUpToQuery,
  logDeleteBatchQuery,
  logEstimateQuery,
  logIdSpanQuery,
  logPageQuery,
  logRateQuery,
  logSumsQuery,
} from './log-queries';

export type NewLog = Pick<LogEntity, 'createdAt' | 'type' | 'userId'> & Partial<Omit<LogEntity, 'id'>>;

// Bound parameters one SQLite statement may carry (its default SQLITE_MAX_VARIABLE_NUMBER).
const SQLITE_PARAMETER_LIMIT = 32_766;
// PostgreSQL gets a column a parameter, so only the statement's size bounds its rows.
const POSTGRES_ROWS_PER_STATEMENT = 5_000;
// Column types both drivers store as given: TypeORM's value conversion returns them unchanged (allocating on
// every call), so a batch's values of such columns go in as they are.
const STORED_AS_GIVEN = new Set<unknown>(['integer', 'bigint', 'text', 'varchar']);

export interface LogTotals {
  quota: number;
  promptTokens: number;
  completionTokens: number;
}

export interface LogRate {
  requests: number;
  tokens: number;
}

/**
 * All SQL of the log table. Log rows are the relay's busiest write (a batch of consumption logs every second). They are inserted with
 * one hand-built statement per batch: TypeORM's insert builder cost the gateway a sixth of its CPU. On PostgreSQL
 * each column is one array parameter (`unnest`): a VALUES list of 500 rows, 17 parameters each, cost the server
 * twice the CPU. Columns, defaults and value conversion still come from the entity's metadata and the driver.
 */
@Injectable()
export class LogsRepository {
  private readonly columns: ColumnMetadata[];
  /** Per column: its values need no conversion (plain type; no transformer, or bigintAsNumber's identity). */
  private readonly asGiven: boolean[];
  /** PostgreSQL: the whole statement; SQLite: its text up to the VALUES rows. */
  private readonly insertInto: string;
  private readonly postgres: boolean;
  private readonly dialect: SqlDialect;
  private readonly rowsPerStatement: number;
  /** SQLite: one row's `(?, ?, …)`. */
  private readonly rowMarks: string;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    const metadata = dataSource.getMetadata(LogEntity);
    this.columns = metadata.columns.filter((column) => !column.isGenerated);
    this.asGiven = this.columns.map(
      (column) =>
        STORED_AS_GIVEN.has(column.type) &&
        (column.transformer === undefined || column.transformer === bigintAsNumber),
    );
    const columnList = this.columns.map((column) => `"${column.databaseName}"`).join(', ');
    this.postgres = dataSource.options.type === 'postgres';
    this.dialect = this.postgres ? 'postgres' : 'sqlite';
    const columnArrays = unnestColumns(this.columns.map((column) => dataSource.driver.normalizeType(column)));
    this.insertInto = this.postgres
      ? `INSERT INTO "${metadata.tableName}" (${columnList}) SELECT * FROM ${columnArrays}`
      : `INSERT INTO "${metadata.tableName}" (${columnList}) VALUES `;
    this.rowMarks = `(${this.columns.map(() => '?').join(', ')})`;
    this.rowsPerStatement = this.postgres
      ? POSTGRES_ROWS_PER_STATEMENT
      : Math.floor(SQLITE_PARAMETER_LIMIT / this.columns.length);
  }

  async insert(log: NewLog): Promise<void> {
    await this.insertMany([log]);
  }

  /**
   * One statement per batch (split only past rowsPerStatement, then in one transaction); inside the
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

  /** A page of rows, newest first; the admin's view carries each channel's name. */
  listPage(filter: LogFilter, window: PageWindow, admin: boolean): Promise<StoredLogRow[]> {
    return this.run<StoredLogRow>(logPageQuery(this.dialect, filter, window, admin));
  }

  /** The matching rows, counted up to `bound` (a larger count reads as `bound`). */
  async countUpTo(filter: LogFilter, bound: number): Promise<number> {
    const [row] = await this.run<{ n: number | string }>(logCountUpToQuery(this.dialect, filter, bound));
    return Number(row.n);
  }

  /**
   * About how many rows match, without counting them: PostgreSQL's planner estimate; on SQLite the id span of
   * an unfiltered table, and null for a filtered one (SQLite keeps no statistics to ask).
   */
  async estimateCount(filter: LogFilter): Promise<number | null> {
    if (this.postgres) {
      const [row] = await this.run<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
        logEstimateQuery(filter),
      );
      return Math.round(row['QUERY PLAN'][0].Plan['Plan Rows']);
    }
    if (!isUnfiltered(filter)) return null;
    const [row] = await this.run<{ n: number }>(logIdSpanQuery());
    return Number(row.n);
  }

  async consumptionTotals(filter: LogFilter): Promise<LogTotals> {
    const [row] = await this.run<{
      quota: number | string;
      prompt_tokens: number | string;
      completion_tokens: number | string;
    }>(logSumsQuery(this.dialect, filter));
    return {
      quota: Number(row.quota),
      promptTokens: Number(row.prompt_tokens),
      completionTokens: Number(row.completion_tokens),
    };
  }

  async consumptionSince(filter: LogFilter, since: number): Promise<LogRate> {
    const [row] = await this.run<{ requests: number | string; tokens: number | string }>(
      logRateQuery(this.dialect, filter, since),
    );
    return { requests: Number(row.requests), tokens: Number(row.tokens) };
  }

  /** Deletes up to `batch` of the oldest rows created before `before`; answers how many went. */
  async deleteBatchBefore(before: number, batch: number): Promise<number> {
    const { text, params } = logDeleteBatchQuery(this.dialect, before, batch);
    const runner = this.dataSource.createQueryRunner();
    try {
      return (await runner.query(text, params, true)).affected ?? 0;
    } finally {
      await runner.release();
    }
  }

  private run<T>({ text, params }: Sql): Promise<T[]> {
    return this.dataSource.query<T[]>(text, params);
  }

  private statement(logs: NewLog[]): [string, unknown[]] {
    if (this.postgres) {
      const columns = this.columns.map((_, index) =>
        postgresArrayLiteral(logs.map((log) => this.valueOf(log, index))),
      );
      return [this.insertInto, columns];
    }
    const parameters: unknown[] = [];
    const rows: string[] = [];
    for (let row = 0; row < logs.length; row++) {
      for (let index = 0; index < this.columns.length; index++)
        parameters.push(this.valueOf(logs[row], index));
      rows.push(this.rowMarks);
    }
    return [this.insertInto + rows.join(', '), parameters];
  }

  // The row's value of the column, its default when missing, converted as the driver stores it.
  private valueOf(log: NewLog, index: number): unknown {
    const column = this.columns[index];
    const value = (log as Partial<Record<string, unknown>>)[column.propertyName] ?? column.default;
    return this.asGiven[index] ? value : this.dataSource.driver.preparePersistentValue(value, column);
  }
}
