import { type ChannelOpsProgress, type ChannelView, ChannelStatus } from '@tollgate/contracts';
import { CLAUDE_MODELS, GEMINI_MODELS, MOCK_MODELS } from '@tollgate/mock-upstream';
import { JobQueue } from '../src/infra/queue/queue.port';
import { finishedProgress } from './support/channel-runs';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { BACKENDS, startTestApp, type TestApp } from './support/test-app';

describe.each(BACKENDS)('channel balances and model lists (%s)', (backend) => {
  let g: RelayGateway;

  beforeAll(async () => {
    g = await startRelayGateway(backend);
  });
  afterAll(() => g.close());
  beforeEach(() => g.mock.reset());

  const get = (path: string, lang = 'en') =>
    g.t.http().get(path).set(g.root.headers).set('Accept-Language', lang);
  const post = (path: string, body: object, lang = 'en') =>
    g.t.http().post(path).set(g.root.headers).set('Accept-Language', lang).send(body);
  const addChannel = (fields: Record<string, unknown>) =>
    g.addChannel({ name: 'c', models: 'gpt-4o-mini', ...fields });
  const channel = async (id: number) => (await get(`/api/channel/${id}`)).body.data as ChannelView;
  const channelRows = () => g.data.query('SELECT * FROM channels ORDER BY id');

  it.each([
    ['OpenAI', 1, 12.5, ['/v1/dashboard/billing/subscription', '/v1/dashboard/billing/usage']],
    ['Custom', 8, 3, ['/v1/dashboard/billing/subscription', '/v1/dashboard/billing/usage']],
    ['AIProxy', 10, 7.25, ['/api/report/getUserOverview']],
    ['API2GPT', 12, 0, ['/dashboard/billing/credit_grants']],
    ['AIGC2D', 13, 42, ['/dashboard/billing/credit_grants']],
    ['SiliconFlow', 40, 9.5, ['/v1/user/info']],
    ['DeepSeek', 43, 21, ['/user/balance']],
  ])('reads and stores the balance of a %s channel', async (_name, type, amount, paths) => {
    const id = await addChannel({ type, key: `sk-balance-${amount}` });

    const response = await get(`/api/channel/update_balance/${id}/`);

    expect(response.body).toEqual({ success: true, message: '', balance: amount });
    expect(g.mock.requests().map((r) => r.path)).toEqual(paths);
    const stored = await channel(id);
    expect(stored.balance).toBe(amount);
    expect(stored.balance_updated_time).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('asks OpenAI for this month’s usage with the key as bearer', async () => {
    const id = await addChannel({ key: 'sk-balance-1' });
    await get(`/api/channel/update_balance/${id}`);
    const [subscription, usage] = g.mock.requests();
    expect(subscription.headers.authorization).toBe('Bearer sk-balance-1');
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.query).toBe(`start_date=${today.slice(0, 8)}01&end_date=${today}`);
  });

  it('explains types without a balance query and upstream failures, storing nothing', async () => {
    const moonshot = await addChannel({ type: 25, key: 'sk-balance-5' });
    const refused = await addChannel({ key: 'bad-key' });
    const before = await channelRows();

    expect((await get(`/api/channel/update_balance/${moonshot}`)).body).toEqual({
      success: false,
      message: 'Balance query is not implemented for channels of type 25',
    });
    expect((await get(`/api/channel/update_balance/${refused}`, 'zh')).body).toEqual({
      success: false,
      message: expect.stringMatching(/^余额查询失败：status 401: Incorrect API key provided/),
    });
    expect((await get('/api/channel/update_balance/987654')).body).toMatchObject({ success: false });
    expect((await get('/api/channel/update_balance/x1')).body).toMatchObject({ success: false });
    expect(await channelRows()).toEqual(before);
  });

  it('updates every enabled channel as a job and disables used-up ones when automatic disabling is on', async () => {
    const existing = (await get('/api/channel/?page_size=100')).body.data.items as ChannelView[];
    for (const { id } of existing)
      await g.t.http().delete(`/api/channel/${id}/`).set(g.root.headers).expect(200);
    await g.setOption('AutomaticDisableChannelEnabled', 'true');
    const rich = await addChannel({ key: 'sk-balance-8' });
    const empty = await addChannel({ type: 43, key: 'sk-balance-0' });
    const emptyKept = await addChannel({ type: 43, key: 'sk-balance-0', auto_ban: 0 });
    const unsupported = await addChannel({ type: 25, key: 'sk-balance-5' });
    const refused = await addChannel({ key: 'bad-key' });
    const off = await addChannel({ key: 'sk-balance-4', status: ChannelStatus.ManuallyDisabled });

    expect((await get('/api/channel/update_balance')).body).toMatchObject({
      success: true,
      data: { running: true },
    });
    const progress = await finishedProgress(get, '/api/channel/update_balance/progress');

    expect(progress).toMatchObject({
      running: false,
      total: 5,
      done: 5,
      succeeded: 3,
      failed: 1,
      skipped: 1,
    });
    expect((await channel(rich)).balance).toBe(8);
    expect(await channel(empty)).toMatchObject({ balance: 0, status: ChannelStatus.AutoDisabled });
    expect(await channel(emptyKept)).toMatchObject({ balance: 0, status: ChannelStatus.Enabled });
    expect((await channel(unsupported)).balance_updated_time).toBe(0);
    expect((await channel(refused)).balance_updated_time).toBe(0);
    expect(await channel(off)).toMatchObject({
      balance_updated_time: 0,
      status: ChannelStatus.ManuallyDisabled,
    });
    await g.setOption('AutomaticDisableChannelEnabled', 'false');
  });

  it('tests or refreshes one channel when a job names it', async () => {
    const id = await addChannel({ key: 'sk-balance-6' });
    const queue = g.t.app.get(JobQueue);
    const finished = async (name: 'channel-test' | 'channel-balance', jobId: string) => {
      for (let i = 0; i < 100; i++) {
        const job = await queue.get(name, jobId);
        if (job?.state === 'completed' || job?.state === 'failed') return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`${name} job ${jobId} never finished`);
    };
    const tested = await finished('channel-test', await queue.add('channel-test', { channelId: id }));
    const refreshed = await finished(
      'channel-balance',
      await queue.add('channel-balance', { channelId: id }),
    );
    expect(tested).toMatchObject({ state: 'completed', result: { channelId: id, outcome: 'succeeded' } });
    expect(refreshed).toMatchObject({ state: 'completed', result: { channelId: id, outcome: 'succeeded' } });
    expect(await channel(id)).toMatchObject({ balance: 6, test_time: expect.any(Number) });
    expect((await channel(id)).test_time).toBeGreaterThan(0);
  });

  it('fetches the model list of a stored channel and of one being added', async () => {
    const id = await addChannel({ key: 'sk-models-1' });
    const byId = await get(`/api/channel/fetch_models/${id}`);
    expect(byId.body).toEqual({ success: true, message: '', data: [...MOCK_MODELS] });

    const before = await channelRows();
    const byBody = await post('/api/channel/fetch_models', {
      type: 1,
      key: 'sk-new\nsk-second',
      base_url: `${g.mock.url}/`,
    });
    expect(byBody.body).toEqual({ success: true, message: '', data: [...MOCK_MODELS] });
    expect(g.mock.requests().map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
      ['GET', '/v1/models', 'Bearer sk-models-1'],
      ['GET', '/v1/models', 'Bearer sk-new'],
    ]);
    expect(await channelRows()).toEqual(before);
  });

  it('fetches Anthropic and Gemini model lists their own way', async () => {
    const claude = await post('/api/channel/fetch_models', {
      type: 14,
      key: 'sk-ant-1',
      base_url: g.mock.url,
    });
    expect(claude.body).toEqual({ success: true, message: '', data: CLAUDE_MODELS.map(([id]) => id) });
    const gemini = await post('/api/channel/fetch_models', { type: 24, key: 'AIza-1', base_url: g.mock.url });
    expect(gemini.body).toEqual({
      success: true,
      message: '',
      data: GEMINI_MODELS.map((model) => String(model.name).replace(/^models\//, '')),
    });
    expect(
      g.mock.requests().map((r) => [r.path, r.headers['x-api-key'] ?? r.headers['x-goog-api-key']]),
    ).toEqual([
      ['/v1/models', 'sk-ant-1'],
      ['/v1beta/models', 'AIza-1'],
    ]);
  });

  it('refuses a model fetch without a key, of an unknown type, or that the provider refuses', async () => {
    const before = await channelRows();
    expect((await post('/api/channel/fetch_models', { type: 1, key: ' ' }, 'zh')).body).toEqual({
      success: false,
      message: '请填写密钥',
    });
    expect((await post('/api/channel/fetch_models', { type: 1 })).body).toEqual({
      success: false,
      message: 'Please enter the key',
    });
    expect((await post('/api/channel/fetch_models', { type: 999, key: 'k' })).body).toEqual({
      success: false,
      message: 'Unknown channel type: 999',
    });
    expect((await post('/api/channel/fetch_models', { type: 'x', key: 'k' })).body).toMatchObject({
      success: false,
    });
    expect((await post('/api/channel/fetch_models', { type: 8, key: 'k' })).body).toMatchObject({
      success: false,
    });
    expect(
      (await post('/api/channel/fetch_models', { type: 1, key: 'k', base_url: 'ftp://x' })).body,
    ).toMatchObject({
      success: false,
    });
    expect(
      (await post('/api/channel/fetch_models', { type: 36, key: 'k', base_url: g.mock.url })).body,
    ).toEqual({
      success: false,
      message: 'Fetching the model list is not supported yet for channels of type 36',
    });
    expect(
      (await post('/api/channel/fetch_models', { type: 1, key: 'bad-key', base_url: g.mock.url })).body,
    ).toEqual({
      success: false,
      message: expect.stringMatching(/^Failed to fetch the model list: status 401: /),
    });
    expect(g.mock.requests()).toHaveLength(1);
    expect(await channelRows()).toEqual(before);
  });
});

describe.each(BACKENDS)('channel tests and balances on a schedule (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend, {
      channelOps: { testEveryMinutes: 60, balanceEveryMinutes: 60, testGapMs: 0 },
    });
  });
  afterAll(() => t.close());

  it('runs both at boot and then every period, without anyone asking', async () => {
    const root = await t.setupRoot();
    for (const kind of ['test', 'update_balance']) {
      let progress: ChannelOpsProgress | undefined;
      for (let i = 0; i < 100 && !progress?.finished_at; i++) {
        progress = (await t.http().get(`/api/channel/${kind}/progress`).set(root.headers)).body.data;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(progress).toMatchObject({ running: false, total: 0, done: 0 });
      expect(progress?.finished_at).toBeGreaterThan(0);
    }
  });
});
