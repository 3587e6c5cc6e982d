import { type ChannelView, ChannelStatus, LogType } from '@tollgate/contracts';
import { UsageRecorder } from '../src/modules/billing/usage-recorder';
import { ChannelHealthService } from '../src/modules/channels/channel-health.service';
import { LogEntity } from '../src/modules/logs/log.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { type LocalServer, listenLocally, sendJson } from './support/fakes/local-server';
import { finishedProgress } from './support/channel-runs';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { BACKENDS, type SignedIn } from './support/test-app';

const UPSTREAM_KEY = 'sk-upstream-secret-7f3a9c';
const slowHeader = (delayMs: number) =>
  JSON.stringify({ 'x-mock-behaviour': `slow-first-byte,delayMs=${delayMs}` });

describe.each(BACKENDS)('channel tests: one, all, health (%s)', (backend) => {
  let g: RelayGateway;
  let echo: LocalServer;
  let plain: SignedIn;

  beforeAll(async () => {
    g = await startRelayGateway(backend);
    // Like OpenAI, it repeats the rejected key in its message: the gateway must not pass it on.
    echo = await listenLocally((request, response) =>
      sendJson(response, 401, {
        error: {
          message: `Incorrect API key provided: ${request.headers.authorization?.slice(7) ?? ''}`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      }),
    );
    plain = await g.newUser('plain');
  });
  afterAll(async () => {
    await g.close();
    await echo.close();
  });
  beforeEach(() => g.mock.reset());

  const get = (path: string, lang = 'en') =>
    g.t.http().get(path).set(g.root.headers).set('Accept-Language', lang);
  const addChannel = (fields: Record<string, unknown> = {}) =>
    g.addChannel({ name: 'c', key: UPSTREAM_KEY, models: 'gpt-4o-mini', ...fields });
  const channel = async (id: number) => (await get(`/api/channel/${id}`)).body.data as ChannelView;
  const testLogs = async () => {
    await g.t.app.get(UsageRecorder).flush();
    return g.data.getRepository(LogEntity).find({ where: { tokenName: 'model test' }, order: { id: 'ASC' } });
  };
  const rootQuota = async () =>
    (await g.data.getRepository(UserEntity).findOneByOrFail({ id: g.root.id })).quota;
  const chatCalls = () => g.mock.requests().filter((r) => r.path === '/v1/chat/completions');

  it('refuses ordinary users on every channel operation', async () => {
    const routes: Array<['get' | 'post', string]> = [
      ['get', '/api/channel/test/1'],
      ['get', '/api/channel/test'],
      ['get', '/api/channel/test/progress'],
      ['get', '/api/channel/update_balance/1/'],
      ['get', '/api/channel/update_balance'],
      ['get', '/api/channel/update_balance/progress'],
      ['get', '/api/channel/fetch_models/1'],
      ['post', '/api/channel/fetch_models'],
    ];
    for (const [method, path] of routes) {
      expect({ path, status: (await g.t.http()[method](path).set(plain.headers).send({})).status }).toEqual({
        path,
        status: 403,
      });
      expect({ path, status: (await g.t.http()[method](path)).status }).toEqual({ path, status: 401 });
    }
    expect(g.mock.requests()).toEqual([]);
  });

  it('tests one channel: says hi, stores the time, logs "model test" and charges nobody', async () => {
    const id = await addChannel({ header_override: slowHeader(120) });
    const quotaBefore = await rootQuota();
    const logsBefore = (await testLogs()).length;

    const response = await get(`/api/channel/test/${id}`);

    expect(response.body).toEqual({ success: true, message: '', time: expect.any(Number) });
    expect(response.body.time).toBeGreaterThanOrEqual(0.12);
    expect(chatCalls().map((r) => r.body)).toEqual([
      { model: 'gpt-4o-mini', stream: false, messages: [{ role: 'user', content: 'hi' }], max_tokens: 10 },
    ]);
    const stored = await channel(id);
    expect(stored.response_time).toBeGreaterThanOrEqual(120);
    expect(stored.test_time).toBeGreaterThan(Date.now() / 1000 - 60);
    const logs = (await testLogs()).slice(logsBefore);
    expect(logs).toEqual([
      expect.objectContaining({
        type: LogType.Consume,
        userId: g.root.id,
        username: 'root',
        tokenName: 'model test',
        modelName: 'gpt-4o-mini',
        channel: id,
        quota: 0,
        isStream: false,
      }),
    ]);
    expect(logs[0].promptTokens).toBeGreaterThan(0);
    expect(await rootQuota()).toBe(quotaBefore);
  });

  it('tests the asked model through the model mapping, and embedding models on /v1/embeddings', async () => {
    const id = await addChannel({
      models: 'alias,text-embedding-3-small',
      test_model: 'alias',
      model_mapping: JSON.stringify({ alias: 'gpt-4o' }),
    });
    expect((await get(`/api/channel/test/${id}`)).body).toMatchObject({ success: true });
    expect((await get(`/api/channel/test/${id}?model=text-embedding-3-small`)).body).toMatchObject({
      success: true,
    });

    expect(g.mock.requests().map((r) => [r.path, r.body])).toEqual([
      ['/v1/chat/completions', expect.objectContaining({ model: 'gpt-4o' })],
      ['/v1/embeddings', { model: 'text-embedding-3-small', input: ['hello world'] }],
    ]);
    const [mapped, embedding] = (await testLogs()).slice(-2);
    expect(mapped.modelName).toBe('alias');
    expect(JSON.parse(mapped.other)).toMatchObject({ is_model_mapped: true, upstream_model_name: 'gpt-4o' });
    expect(embedding).toMatchObject({ modelName: 'text-embedding-3-small', completionTokens: 0 });
  });

  it('tests Anthropic and Gemini channels in their own protocols', async () => {
    const claude = await addChannel({ type: 14, key: 'sk-ant-journey', models: 'claude-3-5-haiku-latest' });
    const gemini = await addChannel({ type: 24, key: 'AIza-journey', models: 'gemini-2.0-flash' });
    expect((await get(`/api/channel/test/${claude}`)).body).toMatchObject({ success: true, message: '' });
    expect((await get(`/api/channel/test/${gemini}`)).body).toMatchObject({ success: true, message: '' });

    const [messages, generate] = g.mock.requests();
    expect(messages).toMatchObject({
      path: '/v1/messages',
      headers: { 'x-api-key': 'sk-ant-journey' },
      body: { model: 'claude-3-5-haiku-latest', max_tokens: 10, messages: [{ role: 'user' }] },
    });
    expect(generate).toMatchObject({
      path: '/v1beta/models/gemini-2.0-flash:generateContent',
      headers: { 'x-goog-api-key': 'AIza-journey' },
      body: { generationConfig: { maxOutputTokens: 300 } },
    });
    const [claudeLog, geminiLog] = (await testLogs()).slice(-2);
    expect(claudeLog).toMatchObject({ channel: claude, modelName: 'claude-3-5-haiku-latest' });
    expect(claudeLog.promptTokens).toBeGreaterThan(0);
    expect(geminiLog).toMatchObject({ channel: gemini, modelName: 'gemini-2.0-flash' });
    expect(geminiLog.completionTokens).toBeGreaterThan(0);

    const refused = await addChannel({
      type: 14,
      key: 'bad-anthropic-key',
      models: 'claude-3-5-haiku-latest',
    });
    expect((await get(`/api/channel/test/${refused}`)).body).toEqual({
      success: false,
      message: 'Test failed: status 401: invalid x-api-key',
      time: expect.any(Number),
    });
  });

  it('answers a failed test with the provider message, the key redacted, and logs nothing', async () => {
    const id = await addChannel({ base_url: echo.url });
    const logsBefore = (await testLogs()).length;

    const response = await get(`/api/channel/test/${id}`);

    expect(response.body).toEqual({
      success: false,
      message: 'Test failed: status 401: Incorrect API key provided: ***',
      time: expect.any(Number),
    });
    expect(JSON.stringify(response.body)).not.toContain(UPSTREAM_KEY);
    expect((await testLogs()).length).toBe(logsBefore);
    // AutomaticDisableChannelEnabled is off by default: a dead key alone changes nothing.
    const stored = await channel(id);
    expect(stored.status).toBe(ChannelStatus.Enabled);
    // A failed test stores no response time, only when it ran: the console shows that as failed.
    expect(stored.response_time).toBe(0);
    expect(stored.test_time).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('disables a channel over ChannelDisableThreshold, or a dead key, only while automatic disabling is on', async () => {
    await g.setOption('ChannelDisableThreshold', '0.2');
    const kept = await addChannel({ header_override: slowHeader(350) });
    expect((await get(`/api/channel/test/${kept}`, 'zh')).body).toMatchObject({
      success: false,
      message: expect.stringMatching(/^渠道测试超过响应时间阈值：0\.\d\d 秒 > 0\.2 秒$/),
    });
    expect((await channel(kept)).status).toBe(ChannelStatus.Enabled);

    await g.setOption('AutomaticDisableChannelEnabled', 'true');
    const slow = await addChannel({ header_override: slowHeader(350) });
    const notBanned = await addChannel({ header_override: slowHeader(350), auto_ban: 0 });
    const dead = await addChannel({ base_url: echo.url });
    expect((await get(`/api/channel/test/${slow}`)).body).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Channel test exceeds response time threshold: 0\.\d\ds > 0\.2s$/),
    });
    await get(`/api/channel/test/${notBanned}`);
    await get(`/api/channel/test/${dead}`);

    const slowRow = await channel(slow);
    expect(slowRow.status).toBe(ChannelStatus.AutoDisabled);
    expect(JSON.parse(slowRow.other_info)).toMatchObject({
      status_reason: expect.stringContaining('threshold'),
    });
    expect((await channel(notBanned)).status).toBe(ChannelStatus.Enabled);
    const deadRow = await channel(dead);
    expect(deadRow.status).toBe(ChannelStatus.AutoDisabled);
    expect(deadRow.other_info).not.toContain(UPSTREAM_KEY);
    await g.setOption('ChannelDisableThreshold', '5');
    await g.setOption('AutomaticDisableChannelEnabled', 'false');
  });

  it('enables an automatically disabled channel again after an error-free test, when the option is on', async () => {
    const id = await addChannel();
    expect(await g.t.app.get(ChannelHealthService).autoDisable(id, 'upstream said no')).toBe(true);
    expect((await get(`/api/channel/test/${id}`)).body).toMatchObject({ success: true });
    expect((await channel(id)).status).toBe(ChannelStatus.AutoDisabled);

    await g.setOption('AutomaticEnableChannelEnabled', 'true');
    expect((await get(`/api/channel/test/${id}`)).body).toMatchObject({ success: true });
    expect((await channel(id)).status).toBe(ChannelStatus.Enabled);
    await g.setOption('AutomaticEnableChannelEnabled', 'false');
  });

  it('refuses a second test of a channel while the first is running', async () => {
    const id = await addChannel({ header_override: slowHeader(600) });
    const first = get(`/api/channel/test/${id}`).then((response) => response.body as unknown);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await get(`/api/channel/test/${id}`)).body).toEqual({
      success: false,
      message: 'Channel test already running',
    });
    expect((await get(`/api/channel/test/${id}`, 'zh')).body).toEqual({
      success: false,
      message: '该渠道的测试正在进行中',
    });
    expect(await first).toMatchObject({ success: true });
    expect((await get(`/api/channel/test/${id}`)).body).toMatchObject({ success: true });
  });

  it('explains bad ids and untestable channel types', async () => {
    const suno = await g.addLegacyChannel(36, { name: 'c', key: UPSTREAM_KEY, models: 'suno_music' });
    expect((await get(`/api/channel/test/${suno}`)).body).toEqual({
      success: false,
      message: 'Channels of type 36 cannot be tested',
    });
    expect((await get('/api/channel/test/987654')).body).toEqual({
      success: false,
      message: 'Channel not found, please refresh the page and try again',
    });
    expect((await get('/api/channel/test/abc')).body).toMatchObject({ success: false });
    expect((await get(`/api/channel/test/${suno}?model=${'m'.repeat(300)}`)).body).toMatchObject({
      success: false,
    });
    expect(g.mock.requests()).toEqual([]);
  });

  it('tests every channel but the manually disabled ones as a job, with progress to the end', async () => {
    const existing = (await get('/api/channel/?page_size=100')).body.data.items as ChannelView[];
    for (const { id } of existing)
      await g.t.http().delete(`/api/channel/${id}/`).set(g.root.headers).expect(200);
    const fast = await addChannel();
    const slow = await addChannel({ header_override: slowHeader(300) });
    const broken = await addChannel({ header_override: JSON.stringify({ 'x-mock-behaviour': '500' }) });
    const untestable = await g.addLegacyChannel(36, { name: 'c', key: UPSTREAM_KEY, models: 'suno_music' });
    const off = await addChannel({ status: ChannelStatus.ManuallyDisabled });
    const autoOff = await addChannel();
    await g.t.app.get(ChannelHealthService).autoDisable(autoOff, 'earlier failure');

    const started = await get('/api/channel/test');
    expect(started.body).toMatchObject({ success: true, data: { running: true } });
    expect((await get('/api/channel/test')).body).toEqual({
      success: false,
      message: 'Channel test already running, please wait for it to finish',
    });
    const progress = await finishedProgress(get, '/api/channel/test/progress');

    expect(progress).toMatchObject({
      running: false,
      total: 5,
      done: 5,
      succeeded: 3,
      failed: 1,
      skipped: 1,
    });
    expect(progress.finished_at).toBeGreaterThanOrEqual(progress.started_at);
    for (const id of [fast, slow, broken, autoOff]) expect((await channel(id)).test_time).toBeGreaterThan(0);
    expect((await channel(slow)).response_time).toBeGreaterThanOrEqual(300);
    for (const id of [untestable, off]) expect((await channel(id)).test_time).toBe(0);
    expect(chatCalls()).toHaveLength(4);
    // Finished: a new run may start.
    expect((await get('/api/channel/test')).body).toMatchObject({ success: true });
    await finishedProgress(get, '/api/channel/test/progress');
  });
});
