import { DataSource } from 'typeorm';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

// A busy inbox table, scaled down: 2,000 users, 100 messages (a third to everyone, the rest to every 7th user),
// most of them read. The planners then choose as they do at full size.
const USERS = 2_000;
const MESSAGES = 100;

const UNREAD_INDEX = 'idx_message_recipients_unread';
const BY_MESSAGE_INDEX = 'idx_message_recipients_message';

function seedSql(postgres: boolean): string[] {
  const series = (name: string, count: number) =>
    postgres
      ? `generate_series(1, ${count}) AS ${name}(n)`
      : `(WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${count}) SELECT n FROM s) AS ${name}`;
  const text = (sql: string) => `CAST(${sql} AS ${postgres ? 'text' : 'TEXT'})`;
  return [
    `INSERT INTO "users" ("username", "password", "created_at") SELECT 'inbox' || ${text('u.n')}, 'x', 1 FROM ${series('u', USERS)}`,
    `INSERT INTO "messages" ("title", "content", "format", "author_id", "recipient_count", "created_at", "updated_at")
     SELECT 'm' || ${text('m.n')}, 'content', 'markdown', 1, 0, 1000 + m.n, 1000 + m.n FROM ${series('m', MESSAGES)}`,
    `INSERT INTO "message_recipients" ("user_id", "message_id", "read_at")
     SELECT u."id", m."id", CASE WHEN (u."id" + m."id") % 10 = 0 THEN 0 ELSE 2000 END
     FROM "users" u CROSS JOIN "messages" m WHERE m."id" % 3 = 0 OR u."id" % 7 = 0`,
  ];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

// A listed query stops using its index (a changed query or index) and this fails, like the schema test.
describe.each(BACKENDS)('inbox queries read their indexes (%s)', (backend) => {
  let t: TestApp;
  let data: DataSource;
  let reader: SignedIn;
  let root: SignedIn;
  let postgres: boolean;

  beforeAll(async () => {
    t = await startTestApp(backend);
    root = await t.setupRoot();
    data = t.app.get(DataSource);
    postgres = data.options.type === 'postgres';
    for (const sql of seedSql(postgres)) await data.query(sql);
    await data.query('ANALYZE');
    await t.createUser('reader', 'reader-pass-1');
    reader = await t.signIn('reader', 'reader-pass-1');
    // The signed-in reader is one of the seeded shapes: they hold every third message.
    await data.query(
      `INSERT INTO "message_recipients" ("user_id", "message_id") SELECT ${reader.id}, "id" FROM "messages" WHERE "id" % 3 = 0`,
    );
  });
  afterAll(() => t.close());

  /** The statement the API ran on message_recipients for this call, with its parameters. */
  async function statementOf(path: string, who: SignedIn): Promise<[string, unknown[]]> {
    const seen: Array<[string, unknown[]]> = [];
    const spy = jest
      .spyOn(data.logger, 'logQuery')
      .mockImplementation(
        (sql, parameters) => void seen.push([sql, Array.isArray(parameters) ? parameters : []]),
      );
    try {
      const response = await t.http().get(path).set(who.headers);
      expect(response.body).toMatchObject({ success: true });
    } finally {
      spy.mockRestore();
    }
    const statements = seen.filter(([sql]) => sql.includes('"message_recipients"') && !/COUNT/i.test(sql));
    const counts = seen.filter(([sql]) => sql.includes('"message_recipients"') && /COUNT/i.test(sql));
    // The page's own statement when there is one, else the count (the unread badge has only that).
    const chosen = statements.length > 0 ? statements[0] : counts[0];
    expect(chosen).toBeDefined();
    return chosen;
  }

  /** The indexes the plan reads message_recipients through; fails on a full scan of it. */
  async function recipientIndexes([sql, parameters]: [string, unknown[]]): Promise<string[]> {
    if (postgres) {
      const [row] = await data.query<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
        `EXPLAIN (FORMAT JSON) ${sql}`,
        parameters,
      );
      const nodes = flatten(row['QUERY PLAN'][0].Plan).filter(
        (node) =>
          node['Relation Name'] === 'message_recipients' || node['Node Type'].startsWith('Bitmap Index'),
      );
      expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
      return nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
    }
    const steps = await data.query<Array<{ detail: string }>>(`EXPLAIN QUERY PLAN ${sql}`, parameters);
    const recipients = steps.filter((step) =>
      /\b(r|MessageRecipientEntity|message_recipients)\b/.test(step.detail),
    );
    expect(recipients.filter((step) => /^SCAN/.test(step.detail))).toEqual([]);
    return recipients.flatMap((step) => /USING (?:COVERING )?INDEX (\w+)/.exec(step.detail)?.[1] ?? []);
  }

  it("counts a user's unread messages from the partial index of unread rows", async () => {
    const statement = await statementOf('/api/user/messages/unread_count', reader);
    expect(statement[0]).toMatch(/COUNT/i);
    expect(await recipientIndexes(statement)).toEqual([UNREAD_INDEX]);
  });

  it("pages a user's inbox through the (user_id, message_id) primary key", async () => {
    const indexes = await recipientIndexes(await statementOf('/api/user/messages?p=2&page_size=10', reader));
    expect(indexes).toHaveLength(1);
    expect(indexes[0]).toMatch(
      postgres ? /^PK_message_recipients$/ : /^sqlite_autoindex_message_recipients_1$/,
    );
  });

  it("lists a message's recipients through the by-message index", async () => {
    const indexes = await recipientIndexes(
      await statementOf('/api/admin/messages/3/recipients?p=3&page_size=20', root),
    );
    expect(indexes).toEqual([BY_MESSAGE_INDEX]);
  });
});
