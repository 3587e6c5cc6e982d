import { DASHBOARD_BUCKET_SECONDS, DASHBOARD_ROUTES } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

// Shaped like a busy gateway's table, scaled down: 90 days of hours, each with 80 users' buckets (of 2,000
// users from id 2 on, 50 models) and 20 all-users rows. The planner then chooses as it does at full size.
const HOURS = 90 * 24;
const BUCKETS_PER_HOUR = 100;
const MODELS_PER_HOUR = 20;
const MONTH = 30 * 24 * DASHBOARD_BUCKET_SECONDS;

const UNIQUE_KEY = 'uq_quota_data_user_hour_model';
const USERNAME_INDEX = 'idx_quota_data_username_hour';

/** Rows as SELECT … FROM a series of (hour, slot): per-user buckets, then user 0's. */
function seedSql(postgres: boolean, firstHour: number): string {
  const series = postgres
    ? `generate_series(0, ${HOURS - 1}) AS h(h) CROSS JOIN generate_series(0, ${BUCKETS_PER_HOUR - 1}) AS k(k)`
    : `hours CROSS JOIN slots`;
  const recursive = postgres
    ? ''
    : `WITH RECURSIVE hours(h) AS (SELECT 0 UNION ALL SELECT h + 1 FROM hours WHERE h < ${HOURS - 1}),
       slots(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM slots WHERE k < ${BUCKETS_PER_HOUR - 1}) `;
  const text = (sql: string) => (postgres ? `CAST(${sql} AS text)` : `CAST(${sql} AS TEXT)`);
  const user = `((h * 37 + k) % 2000 + 2)`;
  return (
    'INSERT INTO "quota_data" ("user_id", "username", "model_name", "created_at", "token_used", "count", "quota") ' +
    `${recursive}SELECT CASE WHEN k < ${MODELS_PER_HOUR} THEN 0 ELSE ${user} END, ` +
    `CASE WHEN k < ${MODELS_PER_HOUR} THEN '' ELSE 'user' || ${text(user)} END, ` +
    `'model-' || ${text('k % 50')}, ${firstHour} + h * ${DASHBOARD_BUCKET_SECONDS}, 1000, 3, 1500 FROM ${series}`
  );
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

// A listed query stops using its index (a changed query or index) and this fails, like the schema test.
describe.each(BACKENDS)('dashboard data queries read their indexes (%s)', (backend) => {
  let t: TestApp;
  let data: DataSource;
  let root: SignedIn;
  let user: SignedIn;
  let postgres: boolean;
  const now = Math.floor(Date.now() / 1000);
  const month = { start_timestamp: now - MONTH, end_timestamp: now };

  beforeAll(async () => {
    t = await startTestApp(backend);
    root = await t.setupRoot();
    await t.createUser('charted', 'charted-pass-1');
    user = await t.signIn('charted', 'charted-pass-1');
    data = t.app.get(DataSource);
    postgres = data.options.type === 'postgres';
    const firstHour = now - (now % DASHBOARD_BUCKET_SECONDS) - (HOURS - 1) * DASHBOARD_BUCKET_SECONDS;
    await data.query(seedSql(postgres, firstHour));
    await data.query('ANALYZE "quota_data"');
  });
  afterAll(() => t.close());

  /** The statement the API ran on quota_data for this call, with its parameters. */
  async function statementOf(path: string, who: SignedIn, query: object): Promise<[string, unknown[]]> {
    const seen: Array<[string, unknown[]]> = [];
    const spy = jest
      .spyOn(data.logger, 'logQuery')
      .mockImplementation(
        (sql, parameters) => void seen.push([sql, Array.isArray(parameters) ? parameters : []]),
      );
    try {
      const response = await t.http().get(path).query(query).set(who.headers);
      expect(response.body).toMatchObject({ success: true });
      // Rows, or one series per model.
      const data = (response.body as { data: unknown[] | { models: unknown[] } }).data;
      expect((Array.isArray(data) ? data : data.models).length).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
    const statements = seen.filter(([sql]) => sql.includes('"quota_data"'));
    expect(statements).toHaveLength(1);
    return statements[0];
  }

  /** The indexes the plan reads quota_data through; fails on a full scan of the table. */
  async function indexesOf([sql, parameters]: [string, unknown[]]): Promise<string[]> {
    if (postgres) {
      const [row] = await data.query<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
        `EXPLAIN (FORMAT JSON) ${sql}`,
        parameters,
      );
      const nodes = flatten(row['QUERY PLAN'][0].Plan);
      expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
      return nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
    }
    const steps = await data.query<Array<{ detail: string }>>(`EXPLAIN QUERY PLAN ${sql}`, parameters);
    // A scan of the summed slots (a subquery's result) reads what the index found; one of the table is a full scan.
    expect(steps.filter((step) => /^SCAN quota_data\b/.test(step.detail))).toEqual([]);
    return steps.flatMap((step) => /USING (?:COVERING )?INDEX (\w+)/.exec(step.detail)?.[1] ?? []);
  }

  it('reads every user’s month through the unique key (user 0’s rows)', async () => {
    expect(await indexesOf(await statementOf(DASHBOARD_ROUTES.all, root, month))).toEqual([UNIQUE_KEY]);
  });

  it('sums every user’s month into days from the unique key', async () => {
    const statement = await statementOf(DASHBOARD_ROUTES.all, root, {
      ...month,
      granularity: 'day',
      utc_offset: 28_800,
    });
    expect(await indexesOf(statement)).toEqual([UNIQUE_KEY]);
  });

  it('reads one user’s month by username through the username index', async () => {
    const statement = await statementOf(DASHBOARD_ROUTES.all, root, { ...month, username: 'user17' });
    expect(await indexesOf(statement)).toEqual([USERNAME_INDEX]);
  });

  it('reads a user’s own month through the unique key', async () => {
    expect(await indexesOf(await statementOf(DASHBOARD_ROUTES.self, user, month))).toEqual([UNIQUE_KEY]);
  });

  // The console's reads: the same filters, each model's values joined in the database.
  it.each([
    ['every user’s month by hour', DASHBOARD_ROUTES.allSeries, {}, UNIQUE_KEY],
    ['every user’s month by day', DASHBOARD_ROUTES.allSeries, { granularity: 'day' }, UNIQUE_KEY],
    ['one user’s month by username', DASHBOARD_ROUTES.allSeries, { username: 'user17' }, USERNAME_INDEX],
  ])('reads %s as series through its index', async (_name, path, query, index) => {
    expect(await indexesOf(await statementOf(path, root, { ...month, ...query }))).toEqual([index]);
  });

  it('reads a user’s own month as series through the unique key', async () => {
    const statement = await statementOf(DASHBOARD_ROUTES.selfSeries, user, { ...month, granularity: 'week' });
    expect(await indexesOf(statement)).toEqual([UNIQUE_KEY]);
  });
});
