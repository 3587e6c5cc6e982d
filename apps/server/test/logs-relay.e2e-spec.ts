import { type LogItem, type LogStat, LogType } from '@tollgate/contracts';
import { APIError } from 'openai';
import { getLogs, type LogPageAnswer } from './support/logs-seed';
import { type RelayFixture, rejectionOf, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS } from './support/test-app';

const MODEL_RATIO = 2.5;
const COMPLETION_RATIO = 3;
const GROUP_RATIO = 1.5;

/** Real calls through the relay, then read back on both views: every charge can be checked from its row. */
describe.each(BACKENDS)('logs of real relay calls (%s)', (backend) => {
  let f: RelayFixture;
  let channelId: number;
  let failingId: number;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    await f.setOption('ModelRatio', JSON.stringify({ 'bill-model': MODEL_RATIO, 'failing-model': 1 }));
    await f.setOption('CompletionRatio', JSON.stringify({ 'bill-model': COMPLETION_RATIO }));
    await f.setOption('GroupRatio', JSON.stringify({ default: GROUP_RATIO }));
    await f.setOption('LogErrorEnabled', 'true');
    channelId = await f.addChannel({ name: 'main-channel', models: 'bill-model' });
    failingId = await f.addChannel({
      name: 'failing-channel',
      models: 'failing-model',
      header_override: JSON.stringify({ 'x-mock-behaviour': '503' }),
    });
  });
  afterAll(() => f.close());

  const ownPage = async (query: Record<string, string | number> = {}) => {
    const body = await getLogs<LogPageAnswer>(f, f.alice, '/api/log/self/', query);
    expect(body.success).toBe(true);
    return body.data.items;
  };

  it("shows a call's charge on the caller's page: the price formula, the balance decrease, no channel", async () => {
    const key = await f.newToken({ name: 'sdk' });
    const before = await f.aliceQuota();
    const { response } = await f
      .openai(key)
      .chat.completions.create({
        model: 'bill-model',
        messages: [{ role: 'user', content: 'hello there world' }],
      })
      .withResponse();
    const requestId = response.headers.get('x-request-id') ?? '';
    await f.logOf(requestId);
    const spent = before - (await f.aliceQuota());

    const [item] = await ownPage({ type: LogType.Consume, model_name: 'bill-model' });
    expect(item.other.request_id).toBe(requestId);
    const { prompt_tokens: prompt, completion_tokens: completion } = item;
    // Reference §3.2 with no cache: round((prompt + completion × completion ratio) × model ratio × group ratio).
    expect(item.quota).toBe(Math.round((prompt + completion * COMPLETION_RATIO) * MODEL_RATIO * GROUP_RATIO));
    expect(item.quota).toBe(spent);
    expect(item).toMatchObject({
      type: LogType.Consume,
      user_id: f.aliceId,
      username: 'alice',
      token_name: 'sdk',
      model_name: 'bill-model',
      group: 'default',
      is_stream: false,
    });
    expect(item.other).toMatchObject({
      model_ratio: MODEL_RATIO,
      completion_ratio: COMPLETION_RATIO,
      group_ratio: GROUP_RATIO,
      model_price: -1,
      request_path: '/v1/chat/completions',
    });
    expect(item.other.frt).toEqual(expect.any(Number));
    expect(item).not.toHaveProperty('channel');
    expect(item).not.toHaveProperty('channel_name');
    expect(item.other).not.toHaveProperty('admin_info');

    const stat = await getLogs<LogStat>(f, f.alice, '/api/log/self/stat', { model_name: 'bill-model' });
    expect(stat.data).toEqual({
      quota: item.quota,
      token_total: prompt + completion,
      prompt_tokens: prompt,
      completion_tokens: completion,
      rpm: 1,
      tpm: prompt + completion,
    });
  });

  it('shows an administrator the channel that served the call, by id and name, and the retry chain', async () => {
    const body = await getLogs<LogPageAnswer>(f, f.root, '/api/log/', {
      username: 'alice',
      type: LogType.Consume,
      channel: channelId,
    });
    const [item] = body.data.items;
    expect(body.data.total).toBe(1);
    expect(item).toMatchObject({
      channel: channelId,
      channel_name: 'main-channel',
      model_name: 'bill-model',
    });
    expect(item.other.admin_info).toEqual({ use_channel: [String(channelId)] });
  });

  it("shows a failed call's error row to its caller without the channel, and with it to an administrator", async () => {
    const key = await f.newToken({ name: 'sdk' });
    const failure = await rejectionOf(
      f
        .openai(key)
        .chat.completions.create({ model: 'failing-model', messages: [{ role: 'user', content: 'hi' }] }),
      APIError,
    );
    expect(failure.status).toBe(503);
    let own: LogItem[] = [];
    for (let waited = 0; own.length === 0 && waited < 3_000; waited += 50) {
      await f.flush();
      own = await ownPage({ type: LogType.Error });
      if (own.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ type: LogType.Error, model_name: 'failing-model', quota: 0 });
    expect(own[0].other).toMatchObject({ status_code: 503, request_id: failure.requestID });
    for (const hidden of ['channel_id', 'channel_name', 'channel_type', 'admin_info']) {
      expect(own[0].other).not.toHaveProperty(hidden);
    }
    expect(own[0]).not.toHaveProperty('channel');

    const admin = await getLogs<LogPageAnswer>(f, f.root, '/api/log/', { type: LogType.Error });
    expect(admin.data.items[0]).toMatchObject({ channel: failingId, channel_name: 'failing-channel' });
    expect(admin.data.items[0].other).toMatchObject({
      channel_id: failingId,
      channel_name: 'failing-channel',
      admin_info: { use_channel: [String(failingId)] },
    });
  });
});
