import {
  DASHBOARD_BUCKET_SECONDS,
  DASHBOARD_ROUTES,
  DASHBOARD_SELF_MAX_RANGE_SECONDS,
  type QuotaDataEntry,
} from '@tollgate/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { QuotaDataRecorder } from '../src/modules/logs/dashboard/quota-data-recorder';
import { type Bucket, bucketsFromLogs, sorted, storedBuckets, withoutId } from './support/dashboard-books';
import { type RelayFixture, startRelayFixture } from './support/relay-fixtures';
import { type SignedIn, BACKENDS } from './support/test-app';

const MODELS = ['gpt-4o-mini', 'dash-model'];
const NOW = () => Math.floor(Date.now() / 1000);

interface Answer {
  success: boolean;
  message: string;
  data?: QuotaDataEntry[];
}

describe.each(BACKENDS)('dashboard data: hourly buckets and their API (%s)', (backend) => {
  let f: RelayFixture;
  let bob: SignedIn;
  let aliceKey: string;
  let bobKey: string;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    await f.addChannel({ name: 'main', models: MODELS.join(',') });
    await f.setOption('ModelRatio', JSON.stringify({ 'gpt-4o-mini': 1, 'dash-model': 2.5 }));
    bob = await f.newUser('bob', { quota: 10_000_000 });
    aliceKey = await f.newToken();
    bobKey = await f.newToken({}, bob);
  });
  afterAll(() => f.close());

  /** The ledger drained (log rows stored, buckets gathered), then the buckets added to quota_data. */
  async function settle(): Promise<void> {
    await f.flush();
    await f.t.app.get(QuotaDataRecorder).flush();
  }

  async function chat(key: string, model: string, stream = false): Promise<void> {
    const body = { model, messages: [{ role: 'user' as const, content: 'chart this call' }] };
    if (!stream) {
      await f.openai(key).chat.completions.create(body);
      return;
    }
    for await (const _chunk of await f.openai(key).chat.completions.create({ ...body, stream: true }));
  }

  const get = async (
    path: string,
    who: SignedIn | null,
    query: Record<string, unknown> = {},
    lang = 'en',
  ) => {
    const request = f.t.http().get(path).query(query).set('Accept-Language', lang);
    const response = await (who ? request.set(who.headers) : request);
    return { status: response.status, body: response.body as Answer };
  };
  const range = () => ({ start_timestamp: NOW() - 3 * DASHBOARD_BUCKET_SECONDS, end_timestamp: NOW() });
  const bucketsOf = (answer: Answer): Bucket[] => sorted((answer.data ?? []).map(withoutId));

  it('adds each relayed call to its user, model and hour, and to every user’s sum, as the log rows say', async () => {
    await chat(aliceKey, 'gpt-4o-mini');
    await chat(aliceKey, 'gpt-4o-mini', true);
    await chat(aliceKey, 'dash-model');
    await chat(bobKey, 'dash-model', true);
    await settle();

    const expected = await bucketsFromLogs(f.data);
    expect(expected.perUser.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(4);
    expect(await storedBuckets(f.data)).toEqual(sorted([...expected.allUsers, ...expected.perUser]));

    const own = await get(DASHBOARD_ROUTES.self, f.alice, range());
    expect(own.body.success).toBe(true);
    expect(bucketsOf(own.body)).toEqual(expected.perUser.filter((bucket) => bucket.user_id === f.aliceId));
    expect([...new Set(own.body.data?.map((entry) => entry.model_name))].sort()).toEqual([...MODELS].sort());
    for (const entry of own.body.data ?? []) {
      expect(entry.created_at % DASHBOARD_BUCKET_SECONDS).toBe(0);
      expect(entry.token_used).toBeGreaterThan(0);
      expect(entry.quota).toBeGreaterThan(0);
    }

    const everyone = await get(DASHBOARD_ROUTES.all, f.root, range());
    expect(bucketsOf(everyone.body)).toEqual(expected.allUsers);
    const dash = everyone.body.data?.filter((entry) => entry.model_name === 'dash-model') ?? [];
    expect(dash.reduce((sum, entry) => sum + entry.count, 0)).toBe(2);

    const bobs = await get(DASHBOARD_ROUTES.all, f.root, { ...range(), username: 'bob' });
    expect(bucketsOf(bobs.body)).toEqual(expected.perUser.filter((bucket) => bucket.user_id === bob.id));
  });

  it('adds a later flush to the same rows instead of replacing them', async () => {
    const before = await get(DASHBOARD_ROUTES.self, f.alice, range());
    const countBefore = (before.body.data ?? []).reduce((sum, entry) => sum + entry.count, 0);
    await chat(aliceKey, 'gpt-4o-mini');
    await chat(aliceKey, 'gpt-4o-mini');
    await settle();
    const after = await get(DASHBOARD_ROUTES.self, f.alice, range());
    expect((after.body.data ?? []).reduce((sum, entry) => sum + entry.count, 0)).toBe(countBefore + 2);
    const expected = await bucketsFromLogs(f.data);
    expect(await storedBuckets(f.data)).toEqual(sorted([...expected.allUsers, ...expected.perUser]));
  });

  it('flushes by itself every DataExportInterval minutes, an edited interval applying at once', async () => {
    const realNow = Date.now.bind(Date);
    let ahead = 0;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
    const stored = () => storedBuckets(f.data);
    const untilChanged = async (from: Bucket[]): Promise<Bucket[]> => {
      for (const started = realNow(); realNow() - started < 5000; await sleep(100)) {
        const now = await stored();
        if (JSON.stringify(now) !== JSON.stringify(from)) return now;
      }
      return stored();
    };
    try {
      await f.setOption('DataExportInterval', '2');
      await settle();
      const before = await stored();
      await chat(aliceKey, 'dash-model');
      await f.flush();
      ahead = 100_000;
      await sleep(1500);
      expect(await stored()).toEqual(before);
      ahead = 121_000;
      const expected = await bucketsFromLogs(f.data);
      expect(await untilChanged(before)).toEqual(sorted([...expected.allUsers, ...expected.perUser]));

      // 61 s after that flush: too early for 2 minutes, due once the interval is edited to 1.
      const flushed = await stored();
      await chat(aliceKey, 'dash-model');
      await f.flush();
      ahead += 61_000;
      await sleep(1500);
      expect(await stored()).toEqual(flushed);
      await f.setOption('DataExportInterval', '1');
      const later = await bucketsFromLogs(f.data);
      expect(await untilChanged(flushed)).toEqual(sorted([...later.allUsers, ...later.perUser]));
    } finally {
      clock.mockRestore();
      await f.setOption('DataExportInterval', '5');
    }
  });

  it('keeps the buckets of a flush the database refused and adds them with the next', async () => {
    const recorder = f.t.app.get(QuotaDataRecorder);
    await settle();
    await chat(aliceKey, 'gpt-4o-mini');
    await f.flush();
    await f.data.query('ALTER TABLE "quota_data" RENAME TO "quota_data_away"');
    try {
      await expect(recorder.flush()).rejects.toThrow();
      await chat(aliceKey, 'gpt-4o-mini');
      await f.flush();
    } finally {
      await f.data.query('ALTER TABLE "quota_data_away" RENAME TO "quota_data"');
    }
    await recorder.flush();
    const expected = await bucketsFromLogs(f.data);
    expect(await storedBuckets(f.data)).toEqual(sorted([...expected.allUsers, ...expected.perUser]));
  });

  it('records nothing while DataExportEnabled is off', async () => {
    const before = await storedBuckets(f.data);
    const logged = (await f.consumeLogs()).length;
    await f.setOption('DataExportEnabled', 'false');
    try {
      await chat(aliceKey, 'dash-model');
      await settle();
      expect(await f.consumeLogs()).toHaveLength(logged + 1);
      expect(await storedBuckets(f.data)).toEqual(before);
    } finally {
      await f.setOption('DataExportEnabled', 'true');
    }
  });

  it('shows a user only their own buckets and keeps the all-users view for administrators', async () => {
    const own = await get(DASHBOARD_ROUTES.self, bob, range());
    expect(own.body.data?.length).toBeGreaterThan(0);
    expect(own.body.data?.every((entry) => entry.user_id === bob.id && entry.username === 'bob')).toBe(true);

    const refused = await get(DASHBOARD_ROUTES.all, bob, { ...range(), username: 'alice' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      message: 'No permission to perform this operation',
    });
    const anonymous = await get(DASHBOARD_ROUTES.self, null, range());
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.success).toBe(false);
    // A username on the user's route is not theirs to choose: it is ignored.
    const sneaky = await get(DASHBOARD_ROUTES.self, bob, { ...range(), username: 'alice' });
    expect(sneaky.body.data).toEqual(own.body.data);
  });

  it('limits a user’s range to 30 days, with a message in the caller’s language', async () => {
    const end = NOW();
    const longest = await get(DASHBOARD_ROUTES.self, f.alice, {
      start_timestamp: end - DASHBOARD_SELF_MAX_RANGE_SECONDS,
      end_timestamp: end,
    });
    expect(longest.body.success).toBe(true);
    expect(longest.body.data?.length).toBeGreaterThan(0);
    const tooLong = { start_timestamp: end - DASHBOARD_SELF_MAX_RANGE_SECONDS - 1, end_timestamp: end };
    expect((await get(DASHBOARD_ROUTES.self, f.alice, tooLong)).body).toEqual({
      success: false,
      message: 'The time range must not exceed 30 days',
    });
    expect((await get(DASHBOARD_ROUTES.self, f.alice, tooLong, 'zh-CN')).body).toEqual({
      success: false,
      message: '时间跨度不能超过 30 天',
    });
    // Administrators may look further back (reference §10 limits only the user's route).
    expect((await get(DASHBOARD_ROUTES.all, f.root, tooLong)).body.success).toBe(true);
  });

  it('answers a day up to now when no range is given, and nothing outside the range', async () => {
    const defaults = await get(DASHBOARD_ROUTES.self, f.alice);
    expect(defaults.body.success).toBe(true);
    expect(bucketsOf(defaults.body)).toEqual(
      bucketsOf((await get(DASHBOARD_ROUTES.self, f.alice, range())).body),
    );
    const past = await get(DASHBOARD_ROUTES.all, f.root, { start_timestamp: 0, end_timestamp: 3600 });
    expect(past.body).toEqual({ success: true, message: '', data: [] });
    const stranger = await get(DASHBOARD_ROUTES.all, f.root, { ...range(), username: 'nobody-here' });
    expect(stranger.body).toEqual({ success: true, message: '', data: [] });
  });

  it.each([
    ['day', 0],
    ['day', 28_800],
    ['week', 28_800],
    ['week', -18_000],
  ])('sums the hours into %s slots from local midnight at UTC offset %i', async (granularity, offset) => {
    // Twenty days of hourly buckets of one user, two models, written as a flush would.
    const name = `c${granularity}${offset}`;
    const owner = await f.newUser(name);
    const last = NOW() - (NOW() % DASHBOARD_BUCKET_SECONDS);
    const hours = Array.from({ length: 20 * 24 }, (_, index) => last - index * 7 * DASHBOARD_BUCKET_SECONDS);
    await f.data.query(
      'INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota) VALUES ' +
        hours
          .map(
            (hour, index) => `(${owner.id}, '${name}', 'm${index % 2}', ${hour}, ${index}, 1, ${index * 3})`,
          )
          .join(', '),
    );
    const query = { username: name, start_timestamp: last - 140 * 86_400, end_timestamp: last };
    const hourly = (await get(DASHBOARD_ROUTES.all, f.root, query)).body.data ?? [];
    expect(hourly).toHaveLength(hours.length);

    const slotOf = (seconds: number): number => {
      const localDay = Math.floor((seconds + offset) / 86_400);
      // Day 0 (1970-01-01) was a Thursday: Monday-based weekday 3.
      const back = granularity === 'week' ? (localDay + 3) % 7 : 0;
      return (localDay - back) * 86_400 - offset;
    };
    const expected = new Map<string, Bucket>();
    for (const entry of hourly) {
      const slot = slotOf(entry.created_at);
      const key = `${slot}:${entry.model_name}`;
      const sum = expected.get(key) ?? {
        ...withoutId(entry),
        created_at: slot,
        token_used: 0,
        count: 0,
        quota: 0,
      };
      sum.token_used += entry.token_used;
      sum.count += entry.count;
      sum.quota += entry.quota;
      expected.set(key, sum);
    }
    const summed = await get(DASHBOARD_ROUTES.all, f.root, { ...query, granularity, utc_offset: offset });
    expect(summed.body.data?.every((entry) => entry.id === 0)).toBe(true);
    expect(bucketsOf(summed.body)).toEqual(sorted([...expected.values()]));
    expect(summed.body.data?.length).toBeLessThan(hourly.length);
    await f.data.query(`DELETE FROM quota_data WHERE user_id = ${owner.id}`);
  });

  it.each([
    [{ start_timestamp: 'yesterday' }],
    [{ end_timestamp: '12.5' }],
    [{ start_timestamp: -1 }],
    [{ end_timestamp: '1e400' }],
    [{ start_timestamp: ['1', '2'] }],
    [{ granularity: 'month' }],
    [{ utc_offset: 86_400 }],
    [{ utc_offset: 'east' }],
  ])('refuses the malformed query %j with a message, never a 500', async (query) => {
    for (const [path, who] of [
      [DASHBOARD_ROUTES.self, f.alice],
      [DASHBOARD_ROUTES.all, f.root],
    ] as const) {
      const answer = await get(path, who, query);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toMatch(/\w/);
    }
  });

  it('refuses a start later than the end, in both languages', async () => {
    const backwards = { start_timestamp: NOW(), end_timestamp: NOW() - 3600 };
    for (const path of [DASHBOARD_ROUTES.self, DASHBOARD_ROUTES.all]) {
      const who = path === DASHBOARD_ROUTES.all ? f.root : f.alice;
      expect((await get(path, who, backwards)).body).toEqual({
        success: false,
        message: 'The start time must not be later than the end time',
      });
      expect((await get(path, who, backwards, 'zh')).body).toEqual({
        success: false,
        message: '开始时间不能晚于结束时间',
      });
    }
  });
});
