import { LOG_EXACT_TOTAL_LIMIT, type LogItem, LogType, Role } from '@tollgate/contracts';
import { nowSeconds } from '../src/infra/database/columns';
import {
  allLabels,
  expectedLabels,
  getLogs,
  type LogPageAnswer,
  type SeedRow,
  seedLogs,
} from './support/logs-seed';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { BACKENDS, type SignedIn } from './support/test-app';

const HOUR = 3600;
const TYPES_BY_ROW = [
  LogType.Consume,
  LogType.Consume,
  LogType.Error,
  LogType.Consume,
  LogType.TopUp,
  LogType.Consume,
  LogType.Manage,
  LogType.CheckIn,
  LogType.Consume,
  LogType.System,
];
const MODELS = ['gpt-a', 'gpt-b', 'claude-x'];
// Every field a row of either view carries; the admin's adds channel and channel_name.
const OWN_FIELDS = [
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
  'is_stream',
  'use_time',
  'prompt_tokens',
  'completion_tokens',
  'quota',
  'ip',
  'other',
].sort();

describe.each(BACKENDS)('log pages (%s)', (backend) => {
  let g: RelayGateway;
  let alice: SignedIn;
  let bob: SignedIn;
  let ada: SignedIn;
  let north: number;
  let south: number;
  let rows: SeedRow[];
  const start = nowSeconds() - 3 * 24 * HOUR;

  /** 60 rows of alice and bob over 60 hours: every type, three models, two groups, two tokens, two channels. */
  function seedRows(): SeedRow[] {
    return Array.from({ length: 60 }, (_, i) => {
      const type = TYPES_BY_ROW[i % TYPES_BY_ROW.length];
      const owner = i % 3 === 0 ? bob : alice;
      const billed = type === LogType.Consume || type === LogType.Error;
      const channel = billed ? (i % 2 === 0 ? north : south) : 0;
      const other: Record<string, unknown> = billed
        ? {
            model_ratio: 1,
            completion_ratio: 2,
            group_ratio: 1,
            frt: 100 + i,
            request_id: `req-${i}`,
            admin_info: { use_channel: [String(south), String(channel)] },
          }
        : {};
      if (type === LogType.Error) {
        Object.assign(other, { error_type: 'upstream_error', status_code: 500, channel_id: channel });
        Object.assign(other, { channel_name: 'north', channel_type: 1 });
      }
      return {
        label: `row-${i}`,
        userId: owner.id,
        username: owner === bob ? 'bob' : 'alice',
        type,
        tokenName: billed ? (i % 4 < 2 ? 'ta' : 'tb') : '',
        modelName: billed ? MODELS[i % 3] : '',
        group: i % 5 === 0 ? 'vip' : 'default',
        channel,
        // Rows 20 and 21 share a second: the later insert comes first.
        createdAt: start + (i === 21 ? 20 : i) * HOUR,
        quota: type === LogType.Error ? 0 : 100 + i,
        promptTokens: type === LogType.Consume ? 10 + i : 0,
        completionTokens: type === LogType.Consume ? 2 * i : 0,
        other,
      };
    });
  }

  beforeAll(async () => {
    g = await startRelayGateway(backend);
    alice = await g.newUser('alice');
    bob = await g.newUser('bob');
    await g.t.createUser('ada', 'ada-pass-1', Role.Admin);
    ada = await g.t.signIn('ada', 'ada-pass-1');
    north = await g.addChannel({ name: 'north', models: 'gpt-a' });
    south = await g.addChannel({ name: 'south', models: 'gpt-b' });
    rows = seedRows();
    await seedLogs(g, rows);
  });
  afterAll(() => g.close());

  const admin = (query: Record<string, string | number> = {}) => allLabels(g, ada, '/api/log/', query);
  const own = (who: SignedIn, query: Record<string, string | number> = {}) =>
    allLabels(g, who, '/api/log/self/', query);

  it('gives an administrator every row, newest first, with the channel and every field', async () => {
    expect(await admin()).toEqual(expectedLabels(rows, () => true));
    const body = await getLogs<LogPageAnswer>(g, ada, '/api/log/', {
      model_name: 'gpt-a',
      type: LogType.Error,
    });
    const [item] = body.data.items;
    const seeded = rows.find((row) => row.label === item.content) as SeedRow;
    expect(Object.keys(item).sort()).toEqual([...OWN_FIELDS, 'channel', 'channel_name'].sort());
    expect(item).toMatchObject({
      created_at: seeded.createdAt,
      type: LogType.Error,
      username: seeded.username,
      user_id: seeded.userId,
      token_name: seeded.tokenName,
      model_name: 'gpt-a',
      channel: seeded.channel,
      channel_name: seeded.channel === north ? 'north' : 'south',
      other: seeded.other,
    });
  });

  it.each([
    ['type', { type: LogType.TopUp }, (row: SeedRow) => row.type === LogType.TopUp],
    ['type 0 (all)', { type: 0 }, () => true],
    ['username', { username: 'bob' }, (row: SeedRow) => row.username === 'bob'],
    ['token name', { token_name: 'ta' }, (row: SeedRow) => row.tokenName === 'ta'],
    ['model name', { model_name: 'gpt-b' }, (row: SeedRow) => row.modelName === 'gpt-b'],
    ['model pattern', { model_name: 'gpt-%' }, (row: SeedRow) => row.modelName.startsWith('gpt-')],
    ['group', { group: 'vip' }, (row: SeedRow) => row.group === 'vip'],
    ['start', { start_timestamp: start + 30 * HOUR }, (row: SeedRow) => row.createdAt >= start + 30 * HOUR],
    ['end', { end_timestamp: start + 20 * HOUR }, (row: SeedRow) => row.createdAt <= start + 20 * HOUR],
    [
      'model, user and a day',
      {
        model_name: 'gpt-b',
        username: 'alice',
        start_timestamp: start + 10 * HOUR,
        end_timestamp: start + 34 * HOUR,
      },
      (row: SeedRow) =>
        row.modelName === 'gpt-b' &&
        row.username === 'alice' &&
        row.createdAt >= start + 10 * HOUR &&
        row.createdAt <= start + 34 * HOUR,
    ],
    ['empty values', { type: '', model_name: '', start_timestamp: '', channel: '' }, () => true],
  ])('filters the admin page by %s', async (_name, query, keep) => {
    const expected = expectedLabels(rows, keep);
    expect(expected.length).toBeGreaterThan(0);
    expect(await admin(query)).toEqual(expected);
  });

  it('filters the admin page by channel', async () => {
    expect(await admin({ channel: north })).toEqual(expectedLabels(rows, (row) => row.channel === north));
  });

  it('pages in order without gaps or repeats', async () => {
    const expected = expectedLabels(rows, () => true);
    const pages: string[] = [];
    for (let p = 1; p <= 7; p += 1) {
      const body = await getLogs<LogPageAnswer>(g, ada, '/api/log/', { p, page_size: 10 });
      expect(body.data).toMatchObject({ page: p, page_size: 10, total: 60, total_exact: true });
      pages.push(...body.data.items.map((item) => item.content));
    }
    expect(pages).toEqual(expected);
  });

  it("gives a user their own rows only, whatever user or channel they ask for, and no channel's identity", async () => {
    const aliceRows = (row: SeedRow) => row.userId === alice.id;
    expect(await own(alice)).toEqual(expectedLabels(rows, aliceRows));
    expect(await own(alice, { username: 'bob', channel: north })).toEqual(expectedLabels(rows, aliceRows));
    expect(await own(bob)).toEqual(expectedLabels(rows, (row) => row.userId === bob.id));
    const body = await getLogs<LogPageAnswer>(g, alice, '/api/log/self/', { page_size: 100 });
    for (const item of body.data.items) {
      expect(Object.keys(item).sort()).toEqual(OWN_FIELDS);
      expect(item.user_id).toBe(alice.id);
      for (const hidden of ['admin_info', 'channel_id', 'channel_name', 'channel_type']) {
        expect(item.other).not.toHaveProperty(hidden);
      }
    }
    const error = body.data.items.find((item) => item.type === LogType.Error) as LogItem;
    expect(error.other).toMatchObject({ error_type: 'upstream_error', status_code: 500 });
    const consume = body.data.items.find((item) => item.type === LogType.Consume) as LogItem;
    expect(consume.other).toMatchObject({ model_ratio: 1, completion_ratio: 2, group_ratio: 1 });
    expect(consume.other.frt).toEqual(expect.any(Number));
  });

  it.each([
    ['type', { type: LogType.Consume }, (row: SeedRow) => row.type === LogType.Consume],
    ['token name', { token_name: 'tb' }, (row: SeedRow) => row.tokenName === 'tb'],
    ['model name', { model_name: 'claude-x' }, (row: SeedRow) => row.modelName === 'claude-x'],
    ['group', { group: 'vip' }, (row: SeedRow) => row.group === 'vip'],
    [
      'time range',
      { start_timestamp: start + 12 * HOUR, end_timestamp: start + 40 * HOUR },
      (row: SeedRow) => row.createdAt >= start + 12 * HOUR && row.createdAt <= start + 40 * HOUR,
    ],
  ])("filters a user's own page by %s", async (_name, query, keep) => {
    const expected = expectedLabels(rows, (row) => row.userId === alice.id && keep(row));
    expect(expected.length).toBeGreaterThan(0);
    expect(await own(alice, query)).toEqual(expected);
  });

  it('refuses the admin routes to a user and every route to a caller without a session', async () => {
    for (const path of ['/api/log/', '/api/log/stat']) {
      expect((await g.t.http().get(path).set(alice.headers)).status).toBe(403);
    }
    expect(
      (await g.t.http().delete('/api/log/').query({ target_timestamp: start }).set(alice.headers)).status,
    ).toBe(403);
    for (const path of ['/api/log/', '/api/log/self/', '/api/log/stat', '/api/log/self/stat']) {
      expect((await g.t.http().get(path)).status).toBe(401);
    }
    expect(await own(alice)).toHaveLength(rows.filter((row) => row.userId === alice.id).length);
  });

  it.each([
    ['p=-1', { p: -1 }, 'p is too small'],
    ['p=0', { p: 0 }, 'p is too small'],
    ['page_size=1000', { page_size: 1000 }, 'page_size is too large'],
    ['page_size=0', { page_size: 0 }, 'page_size is too small'],
    ['text for p', { p: 'two' }, 'p must be an integer'],
    ['text for a time', { start_timestamp: 'yesterday' }, 'start_timestamp must be an integer'],
    ['a negative time', { end_timestamp: -5 }, 'end_timestamp is too small'],
    ['an unknown type', { type: 9 }, 'type has an unsupported value'],
    ['text for the type', { type: 'consume' }, 'type has an unsupported value'],
    [
      'start after end',
      { start_timestamp: start + 10, end_timestamp: start },
      'The start time must not be later than the end time',
    ],
  ])('answers %s with a message, on every read route', async (_name, query, message) => {
    for (const path of ['/api/log/', '/api/log/self/', '/api/log/stat', '/api/log/self/stat']) {
      const body = await getLogs<unknown>(g, ada, path, query);
      expect({ path, success: body.success, message: body.message }).toEqual({
        path,
        success: false,
        message,
      });
    }
  });

  it('answers text for the channel with a message (a user has no channel filter: theirs is ignored)', async () => {
    for (const path of ['/api/log/', '/api/log/stat']) {
      const body = await getLogs<unknown>(g, ada, path, { channel: 'north' });
      expect(body).toMatchObject({ success: false, message: 'channel must be an integer' });
    }
    const own = await getLogs<LogPageAnswer>(g, alice, '/api/log/self/', { channel: 'north' });
    expect(own.success).toBe(true);
  });

  it('answers in Chinese by default', async () => {
    const response = await g.t
      .http()
      .get('/api/log/self/')
      .query({ start_timestamp: start + 10, end_timestamp: start })
      .set(alice.headers);
    expect(response.body).toMatchObject({ success: false, message: '开始时间不能晚于结束时间' });
  });

  it('counts exactly up to the bound, then estimates (never below the rows a page has shown)', async () => {
    const carol = await g.newUser('carol');
    const many = LOG_EXACT_TOTAL_LIMIT + 500;
    const base = start - 10 * 24 * HOUR;
    await seedLogs(
      g,
      Array.from({ length: many }, (_, i) => ({
        label: `bulk-${i}`,
        userId: carol.id,
        username: 'carol',
        type: LogType.Consume,
        tokenName: 'bulk',
        modelName: 'bulk-model',
        group: 'default',
        channel: 0,
        createdAt: base + i,
        quota: 1,
        promptTokens: 1,
        completionTokens: 1,
        other: {},
      })),
    );
    if (backend === 'full') await g.data.query('ANALYZE logs');
    const all = await getLogs<LogPageAnswer>(g, ada, '/api/log/');
    expect(all.data.total_exact).toBe(false);
    expect(all.data.total).toBeGreaterThan(LOG_EXACT_TOTAL_LIMIT);
    // PostgreSQL's estimate after ANALYZE, SQLite's id span: both near the real count.
    expect(Math.abs(all.data.total - (many + rows.length))).toBeLessThan((many + rows.length) * 0.2);
    // Her last page: the total covers every row it has shown (10,490 before it, 10 on it), estimated or not.
    const mine = await getLogs<LogPageAnswer>(g, carol, '/api/log/self/', { p: 1_050, page_size: 10 });
    expect(mine.data).toMatchObject({ total_exact: false, page: 1_050 });
    expect(mine.data.total).toBeGreaterThanOrEqual(10_500);
    expect(mine.data.items.map((item) => item.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `bulk-${9 - i}`),
    );
    const narrowed = await getLogs<LogPageAnswer>(g, carol, '/api/log/self/', {
      start_timestamp: base,
      end_timestamp: base + 999,
    });
    expect(narrowed.data).toMatchObject({ total: 1000, total_exact: true });
  });
});
