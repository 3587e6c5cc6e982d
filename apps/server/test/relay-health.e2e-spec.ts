import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { APIError } from 'openai';
import { type ChannelView, LogType } from '@tollgate/contracts';
import { AbilityEntity } from '../src/modules/channels/ability.entity';
import { ChannelHealthService } from '../src/modules/channels/channel-health.service';
import { LogEntity } from '../src/modules/logs/log.entity';
import { type RelayFixture, rejectionOf, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS } from './support/test-app';

const MODELS = [
  'h-401',
  'h-keyword',
  'h-off',
  'h-noban',
  'h-control',
  'h-multi',
  'h-multi-bad',
  'h-log',
  'h-429',
  'h-ra',
];

/** Retries `check` until it stops throwing (background work and routing reloads are eventually visible). */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

// A provider that answers every call with 429 and a Retry-After of 7 seconds.
async function startThrottledUpstream(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
    response.end(JSON.stringify({ error: { message: 'slow down', type: 'requests', code: 'rate_limited' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe.each(BACKENDS)('relay: auto-disable, error logs, Retry-After (%s)', (backend) => {
  let f: RelayFixture;
  let throttled: { server: Server; url: string };
  let apiKey: string;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    throttled = await startThrottledUpstream();
    await f.setOption('ModelRatio', JSON.stringify(Object.fromEntries(MODELS.map((model) => [model, 1]))));
    await f.setOption('AutomaticDisableChannelEnabled', 'true');
    apiKey = await newKey();
  });
  afterAll(async () => {
    await f.close();
    await new Promise((resolve) => throttled.server.close(resolve));
  });

  async function addChannel(fields: Record<string, unknown>, mode?: string): Promise<number> {
    const channel = { key: 'sk-good', ...fields };
    if (!mode) return f.addChannel(channel);
    const body = {
      mode,
      multi_key_mode: 'polling',
      channel: { type: 1, base_url: f.mock.url, group: 'default', ...channel },
    };
    const response = await f.t.http().post('/api/channel/').set(f.root.headers).send(body);
    expect(response.body).toMatchObject({ success: true });
    return (response.body.data.ids as number[])[0];
  }
  async function channel(id: number): Promise<ChannelView> {
    const response = await f.t.http().get(`/api/channel/${id}`).set(f.root.headers);
    return response.body.data as ChannelView;
  }
  const newKey = (fields: Record<string, unknown> = {}) => f.newToken({ name: 'health', ...fields });
  const chat = (model: string, key = apiKey) =>
    f
      .openai(key, { 'Accept-Language': 'en' })
      .chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
  const failure = (call: Promise<unknown>) => rejectionOf<APIError>(call, APIError);
  // A new channel reaches routing through a pub/sub notice: until then its model has no channel.
  const routedFailure = (model: string) =>
    eventually(async () => {
      const error = await failure(chat(model));
      expect(error.code).not.toBe('no_available_channel');
      return error;
    });
  const expectStatus = async (id: number, status: number) =>
    eventually(async () => {
      const view = await channel(id);
      expect(view.status).toBe(status);
      return view;
    });
  const logRows = async (type: number, requestId: string) => {
    await f.flush();
    const rows = await f.data.getRepository(LogEntity).find({ where: { userId: f.aliceId, type } });
    return rows
      .map((row) => ({ ...row, other: JSON.parse(row.other) as Record<string, unknown> }))
      .filter((row) => row.other.request_id === requestId);
  };

  it('disables a channel answering 401 (status 3, reason, abilities off) and routes elsewhere', async () => {
    const dead = await addChannel({ name: 'dead', key: 'bad-key', models: 'h-401', priority: 10 });
    await addChannel({ name: 'spare', models: 'h-401', priority: 0 });
    expect((await routedFailure('h-401')).status).toBe(401);
    const view = await expectStatus(dead, 3);
    const info = JSON.parse(view.other_info) as { status_reason: string; status_time: number };
    expect(info.status_reason).toMatch(/^status 401: Incorrect API key provided/);
    expect(Math.abs(info.status_time - Date.now() / 1000)).toBeLessThan(60);
    const abilities = await f.data.getRepository(AbilityEntity).findBy({ channelId: dead });
    expect(abilities.map((ability) => ability.enabled)).toEqual([false]);
    const { data: answer } = await eventually(() => chat('h-401'));
    expect(answer.choices[0].message.content).toBe('echo: hi');
  });

  it('disables on a keyword line found in an upstream 500 message', async () => {
    await f.setOption('AutomaticDisableKeywords', 'Your credit balance is too low\nSORRY ABOUT THAT');
    const id = await addChannel({
      name: 'sorry',
      models: 'h-keyword',
      header_override: JSON.stringify({ 'x-mock-behaviour': '500' }),
    });
    expect((await routedFailure('h-keyword')).status).toBe(500);
    const info = JSON.parse((await expectStatus(id, 3)).other_info) as { status_reason: string };
    expect(info.status_reason).toContain('Sorry about that!');
  });

  it('leaves the channel on with the option off or auto_ban 0 (a control channel is disabled meanwhile)', async () => {
    const noBan = await addChannel({ name: 'no-ban', key: 'bad-key', models: 'h-noban', auto_ban: 0 });
    expect((await routedFailure('h-noban')).status).toBe(401);
    await f.setOption('AutomaticDisableChannelEnabled', 'false');
    const off = await addChannel({ name: 'option-off', key: 'bad-key', models: 'h-off' });
    expect((await routedFailure('h-off')).status).toBe(401);
    await f.setOption('AutomaticDisableChannelEnabled', 'true');
    const control = await addChannel({ name: 'control', key: 'bad-key', models: 'h-control' });
    expect((await routedFailure('h-control')).status).toBe(401);
    await expectStatus(control, 3);
    expect((await channel(noBan)).status).toBe(1);
    expect((await channel(off)).status).toBe(1);
  });

  it('disables only the failing key of a multi-key channel, then the channel with its last key', async () => {
    const id = await addChannel(
      { name: 'multi', key: 'bad-key\nsk-good-2', models: 'h-multi' },
      'multi_to_single',
    );
    expect((await routedFailure('h-multi')).status).toBe(401);
    const view = await eventually(async () => {
      const current = await channel(id);
      expect(current.channel_info.multi_key_status_list).toEqual({ '0': 3 });
      return current;
    });
    expect(view.status).toBe(1);
    await eventually(() => chat('h-multi'));
    expect(f.mock.requests().at(-1)?.headers.authorization).toBe('Bearer sk-good-2');

    const allBad = await addChannel(
      {
        name: 'all-bad',
        key: 'sk-one\nsk-two',
        models: 'h-multi-bad',
        header_override: JSON.stringify({ 'x-mock-behaviour': '401' }),
      },
      'multi_to_single',
    );
    await routedFailure('h-multi-bad');
    await eventually(async () =>
      expect((await channel(allBad)).channel_info.multi_key_status_list).toEqual({ '0': 3 }),
    );
    // Polling moves on to the second key, the last one left.
    expect((await failure(chat('h-multi-bad'))).status).toBe(401);
    const disabled = await expectStatus(allBad, 3);
    expect(disabled.channel_info.multi_key_status_list).toEqual({ '0': 3, '1': 3 });

    // A passing channel test brings it back with its automatically disabled keys; only from status 3.
    const health = f.t.app.get(ChannelHealthService);
    expect(await health.autoEnable(allBad)).toBe(true);
    expect(await health.autoEnable(allBad)).toBe(false);
    const enabled = await channel(allBad);
    expect(enabled).toMatchObject({ status: 1, channel_info: { multi_key_status_list: {} } });
    const abilities = await f.data.getRepository(AbilityEntity).findBy({ channelId: allBad });
    expect(abilities.map((ability) => ability.enabled)).toEqual([true]);
    expect(JSON.parse(disabled.other_info)).toMatchObject({
      status_reason: expect.stringMatching(/^status 401/),
    });
  });

  it('writes type-6 error rows with their other fields only while LogErrorEnabled is on', async () => {
    const id = await addChannel({
      name: 'failing',
      models: 'h-log',
      header_override: JSON.stringify({ 'x-mock-behaviour': '503' }),
    });
    const quiet = await routedFailure('h-log');
    expect(await logRows(LogType.Error, quiet.requestID ?? '')).toHaveLength(0);

    await f.setOption('LogErrorEnabled', 'true');
    const upstream = await routedFailure('h-log');
    const [row] = await logRows(LogType.Error, upstream.requestID ?? '');
    expect(row).toMatchObject({
      modelName: 'h-log',
      channel: id,
      tokenName: 'health',
      quota: 0,
      group: 'default',
    });
    expect(row.content).toBe('The engine is currently overloaded, please try again later.');
    expect(row.ip).toMatch(/127\.0\.0\.1$/);
    expect(row.other).toEqual({
      error_type: 'server_error',
      error_code: '',
      status_code: 503,
      channel_id: id,
      channel_name: 'failing',
      channel_type: 1,
      request_path: '/v1/chat/completions',
      request_id: upstream.requestID,
      admin_info: { use_channel: [String(id)] },
    });

    const refused = await routedFailure('no-such-model');
    const [refusal] = await logRows(LogType.Error, refused.requestID ?? '');
    expect(refusal).toMatchObject({ modelName: 'no-such-model', channel: 0 });
    expect(refusal.other).toMatchObject({ error_code: 'model_price_error', status_code: 403 });
    expect(refusal.other).not.toHaveProperty('channel_id');
    await f.setOption('LogErrorEnabled', 'false');
  });

  it('records the caller IP on consumption rows', async () => {
    await addChannel({ name: 'log-ok', models: 'h-ra' });
    const { response } = await eventually(() => chat('h-ra'));
    const [row] = await logRows(LogType.Consume, response.headers.get('x-request-id') ?? '');
    expect(row.ip).toMatch(/127\.0\.0\.1$/);
  });

  it("sends Retry-After on the gateway's own 429 and passes the provider's on a final 429", async () => {
    const limited = await newKey({ rate_limit_enabled: true, rate_limit_period: 60, rate_limit_count: 1 });
    await chat('h-ra', limited);
    const own = await failure(chat('h-ra', limited));
    expect(own.status).toBe(429);
    const seconds = Number(own.headers?.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);

    await addChannel({ name: 'throttled', base_url: throttled.url, models: 'h-429' });
    const upstream = await routedFailure('h-429');
    expect(upstream.status).toBe(429);
    expect(upstream.headers?.get('retry-after')).toBe('7');
  });
});
