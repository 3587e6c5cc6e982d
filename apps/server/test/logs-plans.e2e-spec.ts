import { LogType } from '@tollgate/contracts';
import { type DataSource } from 'typeorm';
import { nowSeconds } from '../src/infra/database/columns';
import { openDataSource } from '../src/infra/database/data-source';
import {
  type LogFilter,
  type Sql,
  logCountUpToQuery,
  logDeleteBatchQuery,
  logPageQuery,
  logRateQuery,
  logSumsQuery,
} from '../src/modules/logs/log-queries';
import { createPostgresDatabase } from './support/test-databases';
import { testConfig } from './support/test-config';

const ROWS = 200_000;
const USERS = 2_000;
const MODELS = 50;
const CHANNELS = 20;
const DAYS = 30;
const DAY = 86_400;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** Every index a plan reads, and whether it scans the whole log table anywhere. */
function indexesOf(node: PlanNode, found = { indexes: new Set<string>(), seqScan: false }) {
  if (node['Index Name']) found.indexes.add(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'logs') found.seqScan = true;
  for (const child of node.Plans ?? []) indexesOf(child, found);
  return found;
}

/**
 * The plans of the log pages' queries on PostgreSQL (DESIGN "queries you can see"): each listed query must read
 * the index it was written for, on a table large and skewed enough that the planner would rather scan it all
 * than use a poor index. A query or index change that loses one fails here, not on an operator's page.
 */
describe('log queries use their indexes on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let data: DataSource;
  const now = nowSeconds();
  const day: Pick<LogFilter, 'start' | 'end'> = { start: now - 2 * DAY, end: now - DAY };

  beforeAll(async () => {
    database = await createPostgresDatabase();
    data = await openDataSource(testConfig({ databaseUrl: database.url }));
    // Skewed like a real gateway: a few users and models make most calls; 2 % of rows are not consumption.
    await data.query(
      `INSERT INTO logs (created_at, type, user_id, username, token_name, model_name, "group", channel, quota,
         prompt_tokens, completion_tokens, other)
       SELECT $1::bigint - (${ROWS} - g) * ${(DAYS * DAY) / ROWS}, t.type, u.id, 'user' || u.id, 'token-' || (u.id % 500),
         'model-' || floor(power(random(), 2) * ${MODELS}), CASE WHEN u.id % 10 = 0 THEN 'vip' ELSE 'default' END,
         1 + floor(random() * ${CHANNELS}), 100, 50, 20, '{}'
       FROM generate_series(1, ${ROWS}) AS g,
         LATERAL (SELECT 1 + floor(power(random(), 3) * ${USERS})::int AS id) AS u,
         LATERAL (SELECT CASE WHEN g % 100 = 0 THEN ${LogType.TopUp} WHEN g % 100 = 1 THEN ${LogType.Error}
           ELSE ${LogType.Consume} END AS type) AS t`,
      [now],
    );
    await data.query('ANALYZE logs');
  }, 120_000);

  afterAll(async () => {
    await data.destroy();
    await database.drop();
  });

  const pageOf = { offset: 0, limit: 10 };
  // A user who calls a few times an hour, not one of the heaviest.
  const user = { userId: USERS / 2 };

  // An entry may name two indexes when both serve it equally well and the planner's pick turns on the sample.
  it.each<[string, string | string[], Sql]>([
    ["a user's first page", 'idx_logs_user_created', logPageQuery('postgres', user, pageOf, false)],
    [
      "a user's first page, last day",
      'idx_logs_user_created',
      logPageQuery('postgres', { ...user, ...day }, pageOf, false),
    ],
    ["a user's total", 'idx_logs_user_created', logCountUpToQuery('postgres', user, 10_001)],
    ["a user's stat over a day", 'idx_logs_user_created', logSumsQuery('postgres', { ...user, ...day })],
    ["a user's rate", 'idx_logs_user_created', logRateQuery('postgres', user, now - 60)],
    ['the admin first page', 'idx_logs_created', logPageQuery('postgres', {}, pageOf, true)],
    ['the admin page of a day', 'idx_logs_created', logPageQuery('postgres', day, pageOf, true)],
    [
      'the admin page of a model over a day',
      'idx_logs_model_created',
      logPageQuery('postgres', { modelName: 'model-30', ...day }, pageOf, true),
    ],
    [
      'the admin total of a model over a day',
      'idx_logs_model_created',
      logCountUpToQuery('postgres', { modelName: 'model-30', ...day }, 10_001),
    ],
    [
      'the admin page of a user',
      'idx_logs_username_created',
      logPageQuery('postgres', { username: 'user1500' }, pageOf, true),
    ],
    [
      'the admin page of a token name',
      'idx_logs_token_created',
      logPageQuery('postgres', { tokenName: 'token-3', ...day }, pageOf, true),
    ],
    [
      'the admin page of a channel',
      'idx_logs_channel_created',
      logPageQuery('postgres', { channel: 7, ...day }, pageOf, true),
    ],
    [
      'the admin page of top-ups',
      'idx_logs_type_created',
      logPageQuery('postgres', { type: LogType.TopUp }, pageOf, true),
    ],
    ['the admin stat over a day', 'idx_logs_created', logSumsQuery('postgres', day)],
    ['the admin rate', ['idx_logs_created', 'idx_logs_type_created'], logRateQuery('postgres', {}, now - 60)],
    ['a deletion batch', 'idx_logs_created', logDeleteBatchQuery('postgres', now - 20 * DAY, 5_000)],
  ])('%s reads %s', async (_name, index, sql) => {
    const [{ 'QUERY PLAN': plan }] = await data.query<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
      `EXPLAIN (FORMAT JSON) ${sql.text}`,
      sql.params,
    );
    const { indexes, seqScan } = indexesOf(plan[0].Plan);
    const intended = [index].flat();
    const read = [...indexes];
    // On failure the message lists the indexes the plan did read.
    expect({ read: intended.some((name) => read.includes(name)) ? intended : read, seqScan }).toEqual({
      read: intended,
      seqScan: false,
    });
  });
});
