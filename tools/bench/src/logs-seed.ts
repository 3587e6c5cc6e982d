// Log rows as a busy gateway accumulates them (issue 14): 90 days, 10,000 users and 200 models both skewed (a few
// make most calls), 50 channels, 2 % of rows top-ups, errors, management and check-ins. Row n is written at
// start + n × span / rows, so ids follow time as the relay's inserts do. User 1 (the benchmark's root) is the
// heaviest caller, as power-law draws put most rows on the lowest ids.
import Database from 'better-sqlite3';
import { Client } from 'pg';

export interface LogSeed {
  rows: number;
  days: number;
  users: number;
  models: number;
  channels: number;
  /** Epoch seconds of the newest row. */
  now: number;
}

const DAY = 86_400;
const CHUNK = 1_000_000;
const COLUMNS =
  'created_at, type, user_id, username, token_name, token_id, model_name, "group", channel, is_stream, use_time, ' +
  'prompt_tokens, completion_tokens, quota, content, other, ip';

/** The SELECT list of one generated row from `g` (its number) and `u` (its user), in both dialects' SQL. */
function rowSql(seed: LogSeed, isTrue: string): string {
  const first = seed.now - seed.days * DAY;
  const step = (seed.days * DAY) / seed.rows;
  const type = `CASE WHEN g % 100 = 0 THEN 1 WHEN g % 100 = 1 THEN 6 WHEN g % 200 = 2 THEN 3 WHEN g % 200 = 3 THEN 5 ELSE 2 END`;
  return `${first} + CAST(g * ${step} AS INTEGER), ${type}, u, 'user' || u, 'token-' || (u % 3), u * 3 + 1,
    'model-' || CAST(m AS INTEGER), CASE WHEN u % 10 = 0 THEN 'vip' ELSE 'default' END, 1 + (g * 37) % ${seed.channels},
    ${isTrue}, 1 + g % 9, 200 + g % 1000, 50 + g % 400, 300 + g % 2000, '',
    '{"model_ratio":1,"completion_ratio":4,"group_ratio":1,"model_price":-1,"frt":' || (100 + g % 900) ||
      ',"request_id":"bench' || g || '","admin_info":{"use_channel":["' || (1 + (g * 37) % ${seed.channels}) || '"]}}',
    '127.0.0.1'`;
}

/** PostgreSQL: generate_series in chunks of a million rows, indexes dropped while loading and built after. */
export async function seedPostgresLogs(databaseUrl: string, seed: LogSeed, progress: (text: string) => void) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET maintenance_work_mem = '512MB'");
    await client.query('SET synchronous_commit = off');
    const indexes = (
      await client.query<{ indexdef: string; indexname: string }>(
        "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'logs' AND indexname LIKE 'idx_%'",
      )
    ).rows;
    for (const { indexname } of indexes) await client.query(`DROP INDEX "${indexname}"`);
    for (let from = 1; from <= seed.rows; from += CHUNK) {
      const to = Math.min(seed.rows, from + CHUNK - 1);
      await client.query(
        `INSERT INTO logs (${COLUMNS})
         SELECT ${rowSql(seed, 'true')}
         FROM (SELECT g, 1 + floor(power(random(), 3) * ${seed.users})::int AS u,
                      floor(power(random(), 2) * ${seed.models}) AS m
               FROM generate_series(${from}, ${to}) AS g) AS draw`,
      );
      progress(`${to.toLocaleString('en')} rows`);
    }
    for (const { indexname, indexdef } of indexes) {
      await client.query(indexdef);
      progress(`index ${indexname}`);
    }
    await client.query('VACUUM ANALYZE logs');
  } finally {
    await client.end();
  }
}

/** SQLite: one recursive CTE per chunk into the gateway's file (the gateway is stopped meanwhile). */
export function seedSqliteLogs(file: string, seed: LogSeed, progress: (text: string) => void): void {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    const indexes = db
      .prepare<[], { name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'logs' AND name LIKE 'idx_%'",
      )
      .all();
    for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
    for (let from = 1; from <= seed.rows; from += CHUNK) {
      const to = Math.min(seed.rows, from + CHUNK - 1);
      // SQLite has no power(): a cube of random() in [0, 1) is built from three draws' product instead.
      db.exec(`
        WITH RECURSIVE n(g) AS (SELECT ${from} UNION ALL SELECT g + 1 FROM n WHERE g < ${to}),
        draws AS (SELECT g, (abs(random()) % 1000000) / 1000000.0 AS a, (abs(random()) % 1000000) / 1000000.0 AS b
                  FROM n)
        INSERT INTO logs (${COLUMNS})
        SELECT ${rowSql(seed, '1')}
        FROM (SELECT g, 1 + CAST(a * a * a * ${seed.users} AS INTEGER) AS u, b * b * ${seed.models} AS m FROM draws)`);
      progress(`${to.toLocaleString('en')} rows`);
    }
    for (const { name, sql } of indexes) {
      db.exec(sql);
      progress(`index ${name}`);
    }
  } finally {
    db.close();
  }
}
