import { LogType } from '@tollgate/contracts';
import { type PageWindow } from '../../common/http/pagination';

// The SQL of the log pages, stats and deletion, written once for both dialects. Each builder is named by what it
// serves; test/logs-plans.e2e-spec.ts asks PostgreSQL's planner for the plan of each and fails when one stops
// using the index it was written for (DESIGN "queries you can see").

export type SqlDialect = 'postgres' | 'sqlite';

export interface Sql {
  text: string;
  params: unknown[];
}

/** What a page or a stat is narrowed to; an absent field (or 0 / '') does not filter. */
export interface LogFilter {
  /** The caller's own view. */
  userId?: number;
  /** 0 = every type. */
  type?: number;
  username?: string;
  tokenName?: string;
  /** Exact, or a LIKE pattern when it holds `%` (`_` and `\` are taken literally). */
  modelName?: string;
  group?: string;
  channel?: number;
  /** Epoch seconds, both ends included. */
  start?: number;
  end?: number;
}

/** Every column of a row as the page reads it; channel_name only on the admin's view. */
export interface StoredLogRow {
  id: number | string;
  created_at: number | string;
  type: number;
  content: string;
  username: string;
  user_id: number;
  token_name: string;
  token_id: number;
  model_name: string;
  group: string;
  channel: number;
  channel_name?: string | null;
  is_stream: boolean | number;
  use_time: number;
  prompt_tokens: number;
  completion_tokens: number;
  quota: number | string;
  other: string;
  ip: string;
}

const COLUMNS = [
  'id',
  'created_at',
  'type',
  'content',
  'username',
  'user_id',
  'token_name',
  'token_id',
  'model_name',
  'group',
  'channel',
  'is_stream',
  'use_time',
  'prompt_tokens',
  'completion_tokens',
  'quota',
  'other',
  'ip',
]
  .map((column) => `l."${column}"`)
  .join(', ');

const TOKENS = 'l.prompt_tokens + l.completion_tokens';

/** Collects bound values and writes each dialect's placeholder. */
class Params {
  readonly values: unknown[] = [];

  constructor(private readonly dialect: SqlDialect) {}

  add(value: unknown): string {
    this.values.push(value);
    return this.dialect === 'postgres' ? `$${this.values.length}` : '?';
  }
}

const likePattern = (text: string): string => text.replace(/[\\_]/g, '\\$&');

/** The WHERE conditions of a filter; `time: false` leaves the range out (the rate of the last minute). */
function conditions(filter: LogFilter, params: Params, options: { time?: boolean } = {}): string[] {
  const where: string[] = [];
  if (filter.userId !== undefined) where.push(`l.user_id = ${params.add(filter.userId)}`);
  if (filter.type) where.push(`l.type = ${params.add(filter.type)}`);
  if (filter.username) where.push(`l.username = ${params.add(filter.username)}`);
  if (filter.tokenName) where.push(`l.token_name = ${params.add(filter.tokenName)}`);
  if (filter.modelName) {
    where.push(
      filter.modelName.includes('%')
        ? `l.model_name LIKE ${params.add(likePattern(filter.modelName))} ESCAPE '\\'`
        : `l.model_name = ${params.add(filter.modelName)}`,
    );
  }
  if (filter.group) where.push(`l."group" = ${params.add(filter.group)}`);
  if (filter.channel) where.push(`l.channel = ${params.add(filter.channel)}`);
  if (options.time !== false) {
    if (filter.start) where.push(`l.created_at >= ${params.add(filter.start)}`);
    if (filter.end) where.push(`l.created_at <= ${params.add(filter.end)}`);
  }
  return where;
}

const whereClause = (where: string[]): string => (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '');

/** Whether a filter narrows anything (an unfiltered count can be estimated from the id span). */
export const isUnfiltered = (filter: LogFilter): boolean =>
  conditions(filter, new Params('sqlite')).length === 0;

/**
 * A page, newest first. The admin's view joins the channel's current name: one primary-key lookup per row of
 * the page, and the logs module needs no dependency on the channels module for it.
 */
export function logPageQuery(
  dialect: SqlDialect,
  filter: LogFilter,
  window: PageWindow,
  admin: boolean,
): Sql {
  const params = new Params(dialect);
  const where = whereClause(conditions(filter, params));
  const limit = params.add(window.limit);
  const offset = params.add(window.offset);
  const text = admin
    ? `SELECT ${COLUMNS}, c.name AS channel_name FROM logs l LEFT JOIN channels c ON c.id = l.channel${where}`
    : `SELECT ${COLUMNS} FROM logs l${where}`;
  return {
    text: `${text} ORDER BY l.created_at DESC, l.id DESC LIMIT ${limit} OFFSET ${offset}`,
    params: params.values,
  };
}

/** The rows a filter matches, counted up to `bound` at most: the scan stops there however many match. */
export function logCountUpToQuery(dialect: SqlDialect, filter: LogFilter, bound: number): Sql {
  const params = new Params(dialect);
  const where = whereClause(conditions(filter, params));
  return {
    text: `SELECT COUNT(*) AS n FROM (SELECT 1 FROM logs l${where} LIMIT ${params.add(bound)}) AS counted`,
    params: params.values,
  };
}

/** The rows the filter matches (PostgreSQL): what the planner expects, read from EXPLAIN without running it. */
export function logEstimateQuery(filter: LogFilter): Sql {
  const params = new Params('postgres');
  const where = whereClause(conditions(filter, params));
  return { text: `EXPLAIN (FORMAT JSON) SELECT 1 FROM logs l${where}`, params: params.values };
}

/** The span of ids (SQLite's estimate of an unfiltered table: ids are dense but for deleted runs). */
export const logIdSpanQuery = (): Sql => ({
  text: 'SELECT COALESCE(MAX(id) - MIN(id) + 1, 0) AS n FROM logs',
  params: [],
});

/** Quota, input and output tokens of the consumption rows a filter matches (its type is ignored: reference §10). */
export function logSumsQuery(dialect: SqlDialect, filter: LogFilter): Sql {
  const params = new Params(dialect);
  const where = whereClause(conditions({ ...filter, type: LogType.Consume }, params));
  const sums = [
    'COALESCE(SUM(l.quota), 0) AS quota',
    'COALESCE(SUM(l.prompt_tokens), 0) AS prompt_tokens',
    'COALESCE(SUM(l.completion_tokens), 0) AS completion_tokens',
  ];
  return { text: `SELECT ${sums.join(', ')} FROM logs l${where}`, params: params.values };
}

/** Consumption rows and their tokens since `since`, whatever the filter's range says (RPM and TPM). */
export function logRateQuery(dialect: SqlDialect, filter: LogFilter, since: number): Sql {
  const params = new Params(dialect);
  const where = conditions({ ...filter, type: LogType.Consume }, params, { time: false });
  where.push(`l.created_at >= ${params.add(since)}`);
  return {
    text: `SELECT COUNT(*) AS requests, COALESCE(SUM(${TOKENS}), 0) AS tokens FROM logs l${whereClause(where)}`,
    params: params.values,
  };
}

/**
 * One batch of rows older than `before`, oldest first. Small batches keep each statement short, so the relay's
 * log inserts and the console's reads interleave with a deletion of millions of rows. PostgreSQL gets the ids
 * as an array (read once off idx_logs_created, then primary-key lookups): with `IN (subquery)` it may hash-join
 * against a scan of the whole table.
 */
export function logDeleteBatchQuery(dialect: SqlDialect, before: number, batch: number): Sql {
  const params = new Params(dialect);
  const older = `SELECT l.id FROM logs l WHERE l.created_at < ${params.add(before)} ORDER BY l.created_at, l.id`;
  const ids = `${older} LIMIT ${params.add(batch)}`;
  return {
    text:
      dialect === 'postgres'
        ? `DELETE FROM logs WHERE id = ANY(ARRAY(${ids}))`
        : `DELETE FROM logs WHERE id IN (${ids})`,
    params: params.values,
  };
}
