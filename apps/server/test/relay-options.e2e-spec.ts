import { LogType } from '@tollgate/contracts';
import { APIError, BadRequestError, RateLimitError } from 'openai';
import { fetch } from 'undici';
import { LogEntity } from '../src/modules/logs/log.entity';
import { CHANNEL, type RelayFixture, rejectionOf, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS } from './support/test-app';

// Unusual spacing, key order, a number JSON.stringify would write differently (2.50) and a field no
// provider knows: only the caller's own bytes arrive like this.
const ODD_CHAT_BODY =
  '{ "messages":[ {"content":"hello  there","role":"user"} ],\n' +
  '  "x_caller_extra": {"b": 1, "a": [1, 2.50]},\t"model" : "pt-model" }';
const ODD_CLAUDE_BODY =
  '{"max_tokens": 64 ,"messages":[{"role":"user","content":"hi  claude"}],\n "model":"pt-claude"}';

const ERROR_LOG_WAIT_MS = 3_000;

// The relay switches of the models settings tab (spec 000 §3 Global, issue 15): pass-through, hidden
// provider errors, browser extensions refused.
describe.each(BACKENDS)('relay options: pass-through, hidden upstream errors, extensions (%s)', (backend) => {
  let f: RelayFixture;
  let key: string;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    const priced = ['pt-model', 'pt-claude', 'broken-model', 'busy-model', 'mapped-error-model'];
    await f.setOption('ModelRatio', JSON.stringify(Object.fromEntries(priced.map((m) => [m, 1]))));
    await f.setOption('LogErrorEnabled', 'true');
    await f.addChannel({
      name: 'pass-through',
      models: 'pt-model',
      model_mapping: JSON.stringify({ 'pt-model': 'gpt-4o-mini' }),
      param_override: JSON.stringify({ temperature: 0.25 }),
    });
    await f.addChannel({ type: CHANNEL.anthropic, models: 'pt-claude', key: 'sk-ant-upstream' });
    await f.addChannel({
      models: 'broken-model',
      header_override: JSON.stringify({ 'x-mock-behaviour': '400' }),
    });
    await f.addChannel({
      models: 'busy-model',
      header_override: JSON.stringify({ 'x-mock-behaviour': '429' }),
    });
    await f.addChannel({
      models: 'mapped-error-model',
      header_override: JSON.stringify({ 'x-mock-behaviour': '400' }),
      status_code_mapping: JSON.stringify({ '400': '502' }),
    });
    key = await f.newToken();
  });
  afterAll(() => f.close());
  beforeEach(() => f.mock.reset());

  const postRaw = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${f.origin}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      body,
    });
  const lastUpstream = () => f.mock.requests().at(-1);

  async function errorLogOf(requestId: string) {
    const deadline = Date.now() + ERROR_LOG_WAIT_MS;
    for (;;) {
      await f.flush();
      const rows = await f.data.getRepository(LogEntity).find({ where: { type: LogType.Error } });
      const row = rows.find((r) => (JSON.parse(r.other) as { request_id?: string }).request_id === requestId);
      if (row) return row;
      if (Date.now() > deadline) throw new Error(`no error log for ${requestId}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  describe('global.pass_through_request_enabled', () => {
    afterAll(() => f.setOption('global.pass_through_request_enabled', 'false'));

    it('off: the body is rebuilt (mapped model, param_override, the caller bytes not kept)', async () => {
      const answer = await postRaw('/v1/chat/completions', ODD_CHAT_BODY);
      expect(answer.status).toBe(200);
      const seen = lastUpstream();
      expect(seen?.rawBody).not.toBe(ODD_CHAT_BODY);
      expect(seen?.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.25 });
    });

    it('on: the caller bytes reach the provider unchanged, and the call is billed from its usage', async () => {
      await f.setOption('global.pass_through_request_enabled', 'true');
      const before = await f.aliceQuota();
      const answer = await postRaw('/v1/chat/completions', ODD_CHAT_BODY);
      expect(answer.status).toBe(200);
      const json = (await answer.json()) as { choices: { message: { content: string } }[] };
      expect(json.choices[0].message.content).toBe('echo: hello there');
      expect(lastUpstream()?.rawBody).toBe(ODD_CHAT_BODY);
      expect(lastUpstream()?.headers.authorization).toBe('Bearer sk-upstream');

      const log = await f.logOf(answer.headers.get('x-request-id') ?? '');
      // The requested name prices and names the call; the usage is the provider's (3 + (3 + 2) prompt, 3 reply words).
      expect(log).toMatchObject({ modelName: 'pt-model', promptTokens: 8, completionTokens: 3, quota: 11 });
      expect(before - (await f.aliceQuota())).toBe(11);
    });

    it('on: a stream is not given stream_options, and is billed by its counted text', async () => {
      await f.setOption('global.pass_through_request_enabled', 'true');
      const logged = (await f.consumeLogs()).length;
      const stream = await f.openai(key).chat.completions.create({
        model: 'pt-model',
        messages: [{ role: 'user', content: 'stream me' }],
        stream: true,
      });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe('echo: stream me');
      expect(lastUpstream()?.body).not.toHaveProperty('stream_options');
      expect(lastUpstream()?.body).toMatchObject({ model: 'pt-model' });
      const [log] = await f.logsAfter(logged, 1);
      expect(log).toMatchObject({ modelName: 'pt-model', isStream: true });
      expect(log.completionTokens).toBeGreaterThan(0);
    });

    it('on: a native Anthropic call reaches an Anthropic channel byte for byte', async () => {
      await f.setOption('global.pass_through_request_enabled', 'true');
      const answer = await postRaw('/v1/messages', ODD_CLAUDE_BODY, { 'anthropic-version': '2023-06-01' });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { type: string }).type).toBe('message');
      expect(lastUpstream()?.path).toBe('/v1/messages');
      expect(lastUpstream()?.rawBody).toBe(ODD_CLAUDE_BODY);
    });

    it('on: a call the channel must convert is still converted', async () => {
      await f.setOption('global.pass_through_request_enabled', 'true');
      const answer = await postRaw(
        '/v1/chat/completions',
        '{"model":"pt-claude","messages":[{"role":"user","content":"convert me"}]}',
      );
      expect(answer.status).toBe(200);
      expect(lastUpstream()?.body).toMatchObject({ messages: [{ role: 'user' }], max_tokens: 8192 });
    });
  });

  describe('global.hide_upstream_error_enabled', () => {
    afterAll(() => f.setOption('global.hide_upstream_error_enabled', 'false'));
    const ask = (model: string, language = 'en') =>
      f
        .openai(key, { 'accept-language': language })
        .chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });

    it("off: the caller reads the provider's text", async () => {
      const error = await rejectionOf(ask('broken-model'), BadRequestError);
      expect(error.message).toContain('Bad request (mock upstream).');
    });

    it("on: the caller gets only the status; the error log keeps the provider's text", async () => {
      await f.setOption('global.hide_upstream_error_enabled', 'true');
      const before = await f.aliceQuota();
      const error = await rejectionOf(ask('broken-model'), BadRequestError);
      expect(error.message).toMatch(/^400 Upstream error with status code 400 \(request id: .+\)$/);
      expect(error.message).not.toContain('mock upstream');
      expect(await f.aliceQuota()).toBe(before);
      const log = await errorLogOf(error.requestID ?? '');
      expect(log.content).toBe('Bad request (mock upstream).');

      // The status is the one the caller sees, after the channel's status_code_mapping.
      const mapped = await rejectionOf(ask('mapped-error-model'), APIError);
      expect(mapped.status).toBe(502);
      expect(mapped.message).toContain('Upstream error with status code 502');
      const zh = await rejectionOf(ask('broken-model', 'zh-CN'), BadRequestError);
      expect(zh.message).toContain('上游错误，状态码 400');
    });

    it('on: a final 429 keeps its own replaced message', async () => {
      await f.setOption('global.hide_upstream_error_enabled', 'true');
      const error = await rejectionOf(ask('busy-model'), RateLimitError);
      expect(error.message).toContain('Upstream load is saturated, please retry later');
    });
  });

  describe('global.block_browser_extension_enabled', () => {
    afterAll(() => f.setOption('global.block_browser_extension_enabled', 'false'));
    const chat = (origin: string) =>
      f.t
        .http()
        .post('/v1/chat/completions')
        .set({ authorization: `Bearer ${key}`, origin, 'accept-language': 'en' })
        .send({ model: 'pt-model', messages: [{ role: 'user', content: 'from a page' }] });

    it('off: an extension origin is served', async () => {
      expect((await chat('chrome-extension://abcdefghijklmnop')).status).toBe(200);
    });

    it('on: extension origins are refused 403 before anything is charged or sent', async () => {
      await f.setOption('global.block_browser_extension_enabled', 'true');
      const before = await f.aliceQuota();
      const logs = (await f.consumeLogs()).length;
      for (const origin of ['chrome-extension://abcdefghijklmnop', 'moz-extension://0c5f0d2e-6d1b']) {
        const refused = await chat(origin);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
          error: { code: 'browser_extension_blocked', type: 'gateway_error' },
        });
        expect((refused.body as { error: { message: string } }).error.message).toMatch(
          /^Requests from browser extensions are not allowed on this site \(request id: .+\)$/,
        );
      }
      const zh = await chat('chrome-extension://abcdefghijklmnop').set('accept-language', 'zh-CN');
      expect((zh.body as { error: { message: string } }).error.message).toContain(
        '本站不允许浏览器扩展发起的请求',
      );
      expect(f.mock.requests()).toEqual([]);
      expect(await f.aliceQuota()).toBe(before);
      expect(await f.consumeLogs()).toHaveLength(logs);
      // A web page's origin is served as before.
      expect((await chat('https://chat.example.com')).status).toBe(200);
    });
  });
});
