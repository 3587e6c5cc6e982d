import { fetch } from 'undici';
import { type RelayFixture, startRelayFixture } from './support/relay-fixtures';

// Five frames (role, one word, finish, usage, [DONE]) with this pause between them: four silences, each
// several ping intervals long, so a loaded host still pings in every one of them.
const SLOW_DRIP_MS = 2_200;
const QUIET_DRIP_MS = 1_300;
const PING = ': PING';

const body = (model: string) =>
  JSON.stringify({ model, stream: true, max_tokens: 1, messages: [{ role: 'user', content: 'say hi' }] });

/** The SSE blocks of a stream's text: each a whole event or a comment. */
const blocksOf = (text: string) => text.split('\n\n').filter((block) => block !== '');

// general_setting.ping_interval_* (issue 15): SSE keep-alive comments while the upstream is silent. The
// keep-alive does not depend on the storage backend: PostgreSQL + Redis only.
describe('relay options: keep-alive pings on slow streams (full)', () => {
  let f: RelayFixture;
  let key: string;
  let unpingedRequestId = '';

  beforeAll(async () => {
    f = await startRelayFixture('full');
    await f.setOption('ModelRatio', JSON.stringify({ 'slow-model': 1, 'quiet-model': 1 }));
    await f.setOption('general_setting.ping_interval_seconds', '1');
    const drip = (ms: number) => JSON.stringify({ 'x-mock-behaviour': `slow-drip, delayMs=${ms}` });
    await f.addChannel({ models: 'slow-model', header_override: drip(SLOW_DRIP_MS) });
    await f.addChannel({ models: 'quiet-model', header_override: drip(QUIET_DRIP_MS) });
    key = await f.newToken();
  }, 60_000);
  afterAll(() => f.close());

  const stream = (model: string, signal?: AbortSignal) =>
    fetch(`${f.origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body(model),
      signal,
    });

  it('sends no comment while pings are off, however long the silence', async () => {
    await f.setOption('general_setting.ping_interval_enabled', 'false');
    const answer = await stream('quiet-model');
    const text = await answer.text();
    unpingedRequestId = answer.headers.get('x-request-id') ?? '';
    expect(blocksOf(text).every((block) => block.startsWith('data: '))).toBe(true);
    expect(text).toContain('data: [DONE]');
  }, 30_000);

  it('pings between events while the upstream is silent, and bills the call as without pings', async () => {
    await f.setOption('general_setting.ping_interval_enabled', 'true');
    const raw = async () => {
      const answer = await stream('slow-model');
      return { text: await answer.text(), requestId: answer.headers.get('x-request-id') ?? '' };
    };
    const viaSdk = async () => {
      const chunks = await f.openai(key).chat.completions.create({
        model: 'slow-model',
        stream: true,
        max_tokens: 1,
        messages: [{ role: 'user', content: 'say hi' }],
      });
      let text = '';
      for await (const chunk of chunks) text += chunk.choices[0]?.delta.content ?? '';
      return text;
    };
    const [pinged, sdkText] = await Promise.all([raw(), viaSdk()]);

    const blocks = blocksOf(pinged.text);
    // A comment only ever stands between whole events.
    expect(blocks.every((block) => block === PING || block.startsWith('data: '))).toBe(true);
    expect(blocks.filter((block) => block === PING).length).toBeGreaterThanOrEqual(2);
    expect(blocks.at(-1)).toBe('data: [DONE]');
    const events = blocks.filter((block) => block.startsWith('data: {'));
    const content = events
      .map((event) => JSON.parse(event.slice(6)) as { choices: { delta: { content?: string } }[] })
      .map((chunk) => chunk.choices[0]?.delta.content ?? '')
      .join('');
    expect(content).toBe('echo:');
    // The official SDK reads past the comments.
    expect(sdkText).toBe('echo:');

    const log = await f.logOf(pinged.requestId);
    // The same call made while pings were off, on a channel priced the same.
    const unpinged = await f.logOf(unpingedRequestId);
    expect(log).toMatchObject({ promptTokens: unpinged.promptTokens, completionTokens: 1, isStream: true });
    expect(log.quota).toBe(unpinged.quota);
  }, 60_000);

  it('a caller that leaves during a silence is still settled (the timer stopping: keep-alive.spec.ts)', async () => {
    await f.setOption('general_setting.ping_interval_enabled', 'true');
    const leaving = new AbortController();
    const answer = await stream('slow-model', leaving.signal);
    const requestId = answer.headers.get('x-request-id') ?? '';
    const reader = answer.body!.getReader();
    let seen = '';
    while (!seen.includes(PING)) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += Buffer.from(value).toString('utf8');
    }
    expect(seen).toContain(PING);
    leaving.abort();
    await reader.cancel().catch(() => undefined);
    const log = await f.logOf(requestId);
    expect(log).toMatchObject({ modelName: 'slow-model', isStream: true });
  }, 30_000);
});
