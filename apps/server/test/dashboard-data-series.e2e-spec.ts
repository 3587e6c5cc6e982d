import {
  DASHBOARD_BUCKET_SECONDS,
  DASHBOARD_ROUTES,
  DASHBOARD_SELF_MAX_RANGE_SECONDS,
  type DashboardGranularity,
  type QuotaDataEntry,
  type QuotaDataSeries,
} from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const HOUR = DASHBOARD_BUCKET_SECONDS;
const DAYS = 20;
const SHARED_HOUR = (last: number) => last - 9 * HOUR;

interface Answer<T> {
  success: boolean;
  message: string;
  data?: T;
}

/** What the series of a rows answer must be: per model by name, per slot in time order. */
function seriesOf(entries: QuotaDataEntry[], granularity: DashboardGranularity): QuotaDataSeries {
  const models = new Map<string, Map<number, { count: number; token_used: number; quota: number }>>();
  for (const entry of entries) {
    const slots = models.get(entry.model_name) ?? new Map();
    const sums = slots.get(entry.created_at) ?? { count: 0, token_used: 0, quota: 0 };
    sums.count += entry.count;
    sums.token_used += entry.token_used;
    sums.quota += entry.quota;
    slots.set(entry.created_at, sums);
    models.set(entry.model_name, slots);
  }
  return {
    granularity,
    models: [...models.keys()].sort().map((model_name) => {
      const slots = [...(models.get(model_name)?.entries() ?? [])].sort(([a], [b]) => a - b);
      return {
        model_name,
        created_at: slots.map(([start]) => start),
        count: slots.map(([, sums]) => sums.count),
        token_used: slots.map(([, sums]) => sums.token_used),
        quota: slots.map(([, sums]) => sums.quota),
      };
    }),
  };
}

// The console's answer: the same buckets as the reference's rows, one series per model.
describe.each(BACKENDS)('dashboard data as series per model (%s)', (backend) => {
  let t: TestApp;
  let data: DataSource;
  let root: SignedIn;
  let carol: SignedIn;
  let carolId: number;
  const last = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
  const range = { start_timestamp: last - DAYS * 86_400, end_timestamp: last };

  beforeAll(async () => {
    t = await startTestApp(backend);
    root = await t.setupRoot();
    carolId = await t.createUser('carol', 'carol-pass-1');
    carol = await t.signIn('carol', 'carol-pass-1');
    data = t.app.get(DataSource);
    // Twenty days of buckets, every fifth hour: carol's (three models, one with sums beyond 32 bits), an older
    // account's that once had her name, and every user's sums; stored out of time order.
    const rows: string[] = [];
    for (let index = 4; index < DAYS * 24; index += 5) {
      const hour = last - index * HOUR;
      const model = ['gpt-4o', 'claude-3', 'embed-a'][index % 3];
      const big = model === 'embed-a' ? 5_000_000_000 : 0;
      rows.push(
        `(${carolId}, 'carol', '${model}', ${hour}, ${big + index}, ${1 + (index % 4)}, ${big + index * 7})`,
      );
      rows.push(`(0, '', '${model}', ${hour}, ${big + index * 2}, ${2 + (index % 4)}, ${big + index * 9})`);
    }
    // Carol's gpt-4o hours are those 9, 24, 39… hours back: the older account shares one and has one alone.
    rows.push(`(9999, 'carol', 'gpt-4o', ${SHARED_HOUR(last)}, 11, 1, 13)`);
    rows.push(`(9999, 'carol', 'gpt-4o', ${last - 6 * HOUR}, 17, 2, 19)`);
    await data.query(
      'INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota) VALUES ' +
        rows.join(', '),
    );
  });
  afterAll(() => t.close());

  const get = async <T>(path: string, who: SignedIn | null, query: object = {}, lang = 'en') => {
    const request = t.http().get(path).query(query).set('Accept-Language', lang);
    const response = await (who ? request.set(who.headers) : request);
    return { status: response.status, body: response.body as Answer<T> };
  };

  it.each([
    ['hour', 0],
    ['day', 28_800],
    ['week', -18_000],
  ] as const)(
    'holds the rows’ buckets by %s (UTC offset %i), for every route',
    async (granularity, offset) => {
      const query = { ...range, granularity, utc_offset: offset };
      for (const [rowsPath, seriesPath, who, extra] of [
        [DASHBOARD_ROUTES.all, DASHBOARD_ROUTES.allSeries, root, {}],
        [DASHBOARD_ROUTES.all, DASHBOARD_ROUTES.allSeries, root, { username: 'carol' }],
        [DASHBOARD_ROUTES.self, DASHBOARD_ROUTES.selfSeries, carol, {}],
      ] as const) {
        const rows = await get<QuotaDataEntry[]>(rowsPath, who, { ...query, ...extra });
        const series = await get<QuotaDataSeries>(seriesPath, who, { ...query, ...extra });
        expect(series.body.success).toBe(true);
        expect(rows.body.data?.length).toBeGreaterThan(2);
        expect(series.body.data).toEqual(seriesOf(rows.body.data ?? [], granularity));
      }
    },
  );

  it('answers every user’s sums without a username and carol’s own on her route, beyond 32 bits exactly', async () => {
    const everyone = (await get<QuotaDataSeries>(DASHBOARD_ROUTES.allSeries, root, range)).body.data;
    const own = (await get<QuotaDataSeries>(DASHBOARD_ROUTES.selfSeries, carol, range)).body.data;
    const models = (series?: QuotaDataSeries) => series?.models.map((model) => model.model_name);
    expect(models(everyone)).toEqual(['claude-3', 'embed-a', 'gpt-4o']);
    expect(models(own)).toEqual(['claude-3', 'embed-a', 'gpt-4o']);
    const embed = own?.models.find((model) => model.model_name === 'embed-a');
    const [first] = await data.query<Array<{ quota: number | string }>>(
      `SELECT quota FROM quota_data WHERE user_id = ${carolId} AND model_name = 'embed-a' ORDER BY created_at LIMIT 1`,
    );
    expect(embed?.quota[0]).toBe(Number(first.quota));
    expect(embed?.quota[0]).toBeGreaterThan(2 ** 32);
    for (const model of own?.models ?? []) {
      expect(model.created_at).toEqual([...model.created_at].sort((a, b) => a - b));
      expect(new Set(model.created_at).size).toBe(model.created_at.length);
    }
  });

  it('sums one hour of two accounts that held the same username into one slot', async () => {
    const byName = (
      await get<QuotaDataSeries>(DASHBOARD_ROUTES.allSeries, root, { ...range, username: 'carol' })
    ).body.data;
    const gpt = byName?.models.find((model) => model.model_name === 'gpt-4o');
    const slot = gpt?.created_at.indexOf(SHARED_HOUR(last)) ?? -1;
    expect(slot).toBeGreaterThanOrEqual(0);
    const [carols] = await data.query<Array<{ count: number | string; quota: number | string }>>(
      `SELECT count, quota FROM quota_data WHERE user_id = ${carolId} AND model_name = 'gpt-4o' AND created_at = ${SHARED_HOUR(last)}`,
    );
    expect(gpt?.count[slot]).toBe(Number(carols.count) + 1);
    expect(gpt?.quota[slot]).toBe(Number(carols.quota) + 13);
    expect(gpt?.created_at).toContain(last - 6 * HOUR);
    // Her own route reads her account only.
    const own = (await get<QuotaDataSeries>(DASHBOARD_ROUTES.selfSeries, carol, range)).body.data;
    const ownGpt = own?.models.find((model) => model.model_name === 'gpt-4o');
    expect(ownGpt?.count[ownGpt.created_at.indexOf(SHARED_HOUR(last))]).toBe(Number(carols.count));
    expect(ownGpt?.created_at).not.toContain(last - 6 * HOUR);
  });

  it('answers no models for a range or a user without buckets', async () => {
    const empty = { success: true, message: '', data: { granularity: 'day', models: [] } };
    const past = { start_timestamp: 0, end_timestamp: HOUR, granularity: 'day' };
    expect((await get(DASHBOARD_ROUTES.allSeries, root, past)).body).toEqual(empty);
    expect((await get(DASHBOARD_ROUTES.selfSeries, carol, past)).body).toEqual(empty);
    const stranger = await get(DASHBOARD_ROUTES.allSeries, root, { ...range, username: 'nobody-here' });
    expect(stranger.body).toEqual({ success: true, message: '', data: { granularity: 'hour', models: [] } });
  });

  it('keeps the rows’ rules: administrators only for every user, own buckets only, 30 days for a user', async () => {
    const refused = await get(DASHBOARD_ROUTES.allSeries, carol, range);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      message: 'No permission to perform this operation',
    });
    expect((await get(DASHBOARD_ROUTES.selfSeries, null, range)).status).toBe(401);
    // A username on the user's route is not hers to choose: it is ignored.
    const sneaky = await get(DASHBOARD_ROUTES.selfSeries, carol, { ...range, username: 'root' });
    expect(sneaky.body).toEqual(await get(DASHBOARD_ROUTES.selfSeries, carol, range).then((a) => a.body));

    const end = last;
    const tooLong = { start_timestamp: end - DASHBOARD_SELF_MAX_RANGE_SECONDS - 1, end_timestamp: end };
    expect((await get(DASHBOARD_ROUTES.selfSeries, carol, tooLong)).body).toEqual({
      success: false,
      message: 'The time range must not exceed 30 days',
    });
    expect((await get(DASHBOARD_ROUTES.selfSeries, carol, tooLong, 'zh-CN')).body).toEqual({
      success: false,
      message: '时间跨度不能超过 30 天',
    });
    expect((await get(DASHBOARD_ROUTES.allSeries, root, tooLong)).body.success).toBe(true);
    const backwards = { start_timestamp: end, end_timestamp: end - HOUR };
    expect((await get(DASHBOARD_ROUTES.allSeries, root, backwards, 'zh')).body).toEqual({
      success: false,
      message: '开始时间不能晚于结束时间',
    });
  });

  it.each([[{ start_timestamp: 'yesterday' }], [{ granularity: 'month' }], [{ utc_offset: 86_400 }]])(
    'refuses the malformed query %j with a message, never a 500',
    async (query) => {
      for (const [path, who] of [
        [DASHBOARD_ROUTES.selfSeries, carol],
        [DASHBOARD_ROUTES.allSeries, root],
      ] as const) {
        const answer = await get(path, who, query);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body.success).toBe(false);
        expect(answer.body.message).toMatch(/\w/);
      }
    },
  );
});
