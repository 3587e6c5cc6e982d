import { APIError } from 'openai';
import { request as httpRequest } from 'undici';
import { MetricsServer } from '../src/infra/metrics/metrics-server';
import { type RelayFixture, rejectionOf, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS } from './support/test-app';

const UPSTREAM_KEY = 'sk-upstream-metrics-secret-5d1e';
const UNKNOWN_MODEL = 'made-up-model-4242';
const CHAT = '/v1/chat/completions';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format's samples (comments skipped). */
function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
        labels[key] = value;
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The one sample of `name` whose labels are exactly these (0 when absent, as Prometheus would read it). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.keys(sample.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

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

describe.each(BACKENDS)('metrics: GET /metrics off the public port (%s)', (backend) => {
  let f: RelayFixture;
  let metricsUrl: string;
  let key: string;
  const channels = { ok: 0, failing: 0, spare: 0, dead: 0 };

  const scrape = async (path = '/metrics', method: 'GET' | 'POST' = 'GET') => {
    const response = await httpRequest(`${metricsUrl}${path}`, { method });
    return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
  };
  const samples = async () => parseSamples((await scrape()).text);
  const chat = (model: string, apiKey = key) =>
    f.openai(apiKey).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
  const failure = (call: Promise<unknown>) => rejectionOf<APIError>(call, APIError);

  beforeAll(async () => {
    f = await startRelayFixture(backend, {}, { metrics: { port: 0, host: '127.0.0.1' } });
    const address = f.t.app.get(MetricsServer).address;
    if (!address) throw new Error('the metrics server is not listening');
    metricsUrl = `http://127.0.0.1:${address.port}`;
    await f.setOption('ModelRatio', JSON.stringify({ 'm-ok': 1, 'm-retry': 1, 'm-dead': 1 }));
    await f.setOption('RetryTimes', '1');
    await f.setOption('AutomaticDisableChannelEnabled', 'true');
    channels.ok = await f.addChannel({ name: 'ok', models: 'm-ok', key: UPSTREAM_KEY });
    channels.failing = await f.addChannel({
      name: 'failing',
      models: 'm-retry',
      key: UPSTREAM_KEY,
      priority: 10,
      header_override: JSON.stringify({ 'x-mock-behaviour': '500' }),
    });
    channels.spare = await f.addChannel({ name: 'spare', models: 'm-retry', key: UPSTREAM_KEY, priority: 0 });
    channels.dead = await f.addChannel({ name: 'dead', models: 'm-dead', key: 'bad-key' });
    key = await f.newToken({ name: 'metrics' });
    // Channels reach routing through a pub/sub notice.
    await eventually(() => chat('m-ok'));
    await eventually(async () => {
      await chat('m-retry');
      // The first successful call may have gone before the failing channel was routed.
      if (valueOf(await samples(), 'tollgate_relay_retries_total', { channel: String(channels.failing) }) < 1)
        throw new Error('no retry yet');
    });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('counts relayed calls by route, status, model and channel, with their latencies', async () => {
    const before = await samples();
    const okCalls = { route: CHAT, status: '200', model: 'm-ok', channel: String(channels.ok) };
    await chat('m-ok');
    await chat('m-ok');
    const stream = await f.openai(key).chat.completions.create({
      model: 'm-ok',
      messages: [{ role: 'user', content: 'one two' }],
      stream: true,
    });
    for await (const chunk of stream) void chunk;
    expect((await failure(chat('m-ok', 'sk-not-a-real-key'))).status).toBe(401);
    expect((await failure(chat(UNKNOWN_MODEL))).status).toBeGreaterThanOrEqual(400);

    const after = await samples();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('tollgate_relay_requests_total', okCalls)).toBe(3);
    // The refused calls: no model or channel as labels, the caller's made-up model nowhere.
    expect(
      delta('tollgate_relay_requests_total', { route: CHAT, status: '401', model: '', channel: '' }),
    ).toBe(1);
    expect(after.some((sample) => Object.values(sample.labels).includes(UNKNOWN_MODEL))).toBe(false);
    const route = { route: CHAT };
    // Timed: the calls the relay ran (not the refused key).
    expect(delta('tollgate_relay_duration_seconds_count', route)).toBe(4);
    expect(delta('tollgate_relay_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(4);
    expect(delta('tollgate_relay_duration_seconds_sum', route)).toBeGreaterThan(0);
    expect(delta('tollgate_relay_first_byte_seconds_count', route)).toBe(3);
    const upstream = { channel: String(channels.ok) };
    expect(delta('tollgate_relay_upstream_duration_seconds_count', upstream)).toBe(3);
    // Buckets are cumulative: the 1 s bucket holds every one of these quick mock answers.
    expect(delta('tollgate_relay_upstream_duration_seconds_bucket', { ...upstream, le: '1' })).toBe(3);
  });

  it('counts retries by the channel that failed, and the call by the channel that answered', async () => {
    const before = await samples();
    await chat('m-retry');
    const after = await samples();
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('tollgate_relay_retries_total', { channel: String(channels.failing) })).toBe(1);
    const answered = { route: CHAT, status: '200', model: 'm-retry', channel: String(channels.spare) };
    expect(delta('tollgate_relay_requests_total', answered)).toBe(1);
  });

  it('counts a failed call by its status and channel, and the auto-disable it caused', async () => {
    expect((await failure(chat('m-dead'))).status).toBe(401);
    const dead = { route: CHAT, status: '401', model: 'm-dead', channel: String(channels.dead) };
    expect(valueOf(await samples(), 'tollgate_relay_requests_total', dead)).toBe(1);
    await eventually(async () =>
      expect(
        valueOf(await samples(), 'tollgate_channel_auto_disables_total', { channel: String(channels.dead) }),
      ).toBe(1),
    );
  });

  it('adds up the settled quota and shows the write-behind backlog draining', async () => {
    await f.flush();
    const logged = (await f.consumeLogs()).reduce((sum, log) => sum + log.quota, 0);
    const after = await samples();
    expect(logged).toBeGreaterThan(0);
    expect(valueOf(after, 'tollgate_quota_settled_total')).toBe(logged);
    expect(valueOf(after, 'tollgate_ledger_backlog_charges')).toBe(0);
    expect(valueOf(after, 'tollgate_ledger_flush_lag_seconds')).toBe(0);
    expect(after.some((sample) => sample.name === 'tollgate_log_buffer_rows')).toBe(true);
  });

  it("counts a background job's outcome where it ran, and the jobs its queue holds", async () => {
    const start = await f.t.http().get('/api/channel/test').set(f.root.headers);
    expect(start.body).toMatchObject({ success: true });
    await eventually(async () =>
      expect(
        valueOf(await samples(), 'tollgate_queue_jobs_finished_total', {
          queue: 'channel-test',
          outcome: 'completed',
        }),
      ).toBeGreaterThanOrEqual(1),
    );
    const after = await samples();
    const completed = valueOf(after, 'tollgate_queue_jobs_finished_total', {
      queue: 'channel-test',
      outcome: 'completed',
    });
    expect(valueOf(after, 'tollgate_queue_job_duration_seconds_count', { queue: 'channel-test' })).toBe(
      completed,
    );
    // The finished job is still kept (for the console to read its result): the queue holds it as completed.
    expect(
      valueOf(after, 'tollgate_queue_jobs', { queue: 'channel-test', state: 'completed' }),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'tollgate_queue_jobs', { queue: 'channel-test', state: 'active' })).toBe(0);
  });

  it('serves the process metrics in the Prometheus text format', async () => {
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.text).toMatch(/^# TYPE tollgate_relay_requests_total counter$/m);
    expect(answer.text).toMatch(/^# TYPE tollgate_relay_duration_seconds histogram$/m);
    const all = parseSamples(answer.text);
    expect(valueOf(all, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(all, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('is refused on the public port, and serves nothing else on its own', async () => {
    const publicAnswer = await f.t.http().get('/metrics');
    expect(publicAnswer.status).toBe(404);
    expect(publicAnswer.text).not.toContain('tollgate_relay');
    expect((await scrape('/api/status')).status).toBe(404);
    expect((await scrape('/metrics', 'POST')).status).toBe(404);
  });

  it('never carries a key, token or secret', async () => {
    const { text } = await scrape();
    for (const secret of [
      key,
      key.replace(/^sk-/, ''),
      UPSTREAM_KEY,
      'bad-key',
      'sk-not-a-real-key',
      f.t.config.sessionSecret,
      f.t.config.cryptoSecret,
    ])
      expect(text).not.toContain(secret);
    // Any key-shaped word (not the sk- inside a name such as task-poll).
    expect(text).not.toMatch(/\bsk-/);
    const session = f.root.cookie.split('=').slice(1).join('=');
    expect(text).not.toContain(session);
  });
});
