import { startMockUpstream, type MockUpstream } from './server';
import { parseSse } from './sse';

let mock: MockUpstream;
const KEY = { authorization: 'Bearer sk-test', 'content-type': 'application/json' };
const messages = [{ role: 'user', content: 'one two three' }]; // reply: 4 words
const chat = (model: string, extra: object = {}) => ({ model, messages, ...extra });

function post(
  body: unknown,
  headers: Record<string, string> = {},
  path = '/v1/chat/completions',
): Promise<Response> {
  return fetch(`${mock.url}${path}`, {
    method: 'POST',
    headers: { ...KEY, ...headers },
    body: JSON.stringify(body),
  });
}

// Reads a body chunk by chunk; a dropped connection ends the read with `cut: true`.
async function readAll(res: Response): Promise<{ text: string; reads: number; cut: boolean }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let reads = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, reads, cut: false };
      reads += 1;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { text, reads, cut: true };
  }
}

beforeAll(async () => {
  mock = await startMockUpstream();
});
afterAll(() => mock.close());

describe('error behaviours', () => {
  it.each([
    ['mock-500', 500, 'server_error', null],
    ['mock-429', 429, 'requests', 'rate_limit_exceeded'],
    ['mock-401', 401, 'invalid_request_error', 'invalid_api_key'],
  ])('model %s answers %i in OpenAI shape', async (model, status, type, code) => {
    const res = await post(chat(model, { stream: true }));
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.error).toMatchObject({ type, code, param: null });
    expect(typeof body.error.message).toBe('string');
  });

  it('forces any model into an error by header, and records the request', async () => {
    mock.reset();
    const res = await post(
      { model: 'text-embedding-3-small', input: 'x' },
      { 'x-mock-behaviour': '503' },
      '/v1/embeddings',
    );
    expect(res.status).toBe(503);
    expect(mock.requests()[0]).toMatchObject({
      path: '/v1/embeddings',
      headers: { 'x-mock-behaviour': '503' },
    });
  });

  it('rejects an unknown behaviour name with 400', async () => {
    const res = await post(chat('gpt-4o'), { 'x-mock-behaviour': 'explode' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('unknown mock behaviour "explode"');
  });
});

describe('timing behaviours', () => {
  it('delays the first byte (default by model, delayMs by header), errors included', async () => {
    let start = Date.now();
    await (await post(chat('mock-slow-first-byte'))).json();
    expect(Date.now() - start).toBeGreaterThanOrEqual(290);

    start = Date.now();
    const res = await post(chat('gpt-4o'), { 'x-mock-behaviour': '429,slow-first-byte,delayMs=120' });
    expect(Date.now() - start).toBeGreaterThanOrEqual(115);
    expect(res.status).toBe(429);
  });

  it('drips stream frames apart after sending headers at once', async () => {
    const start = Date.now();
    const res = await post(chat('gpt-4o', { stream: true }), { 'x-mock-behaviour': 'slow-drip,delayMs=40' });
    expect(Date.now() - start).toBeLessThan(150);
    const { text, reads, cut } = await readAll(res);
    // 7 frames (role, 4 words, finish, [DONE]) → 6 gaps.
    expect(Date.now() - start).toBeGreaterThanOrEqual(6 * 40 - 10);
    expect(reads).toBeGreaterThanOrEqual(5);
    expect(cut).toBe(false);
    expect(parseSse(text)).toHaveLength(7);
  });

  it('sends non-stream headers at once and the body after the drip delay', async () => {
    const start = Date.now();
    const res = await post(chat('mock-slow-drip'));
    const headersAt = Date.now() - start;
    const body = await res.json();
    expect(headersAt).toBeLessThan(40);
    expect(Date.now() - start).toBeGreaterThanOrEqual(45);
    expect(body.choices[0].message.content).toBe('echo: one two three');
  });
});

describe('cut stream', () => {
  it('drops the connection after 2 frames by model name', async () => {
    const res = await post(chat('mock-cut-stream', { stream: true }));
    expect(res.status).toBe(200);
    const { text, cut } = await readAll(res);
    expect(cut).toBe(true);
    expect(parseSse(text)).toHaveLength(2);
  });

  it('drops it after chunks=N by header, on any endpoint', async () => {
    const res = await post(
      { model: 'gpt-4o', input: 'hi', stream: true },
      { 'x-mock-behaviour': 'cut-stream,chunks=5' },
      '/v1/responses',
    );
    const { text, cut } = await readAll(res);
    expect(cut).toBe(true);
    expect(parseSse(text).map((e) => e.event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
    ]);
  });

  it('cuts a non-stream body half way', async () => {
    const res = await post(chat('mock-cut-stream'));
    expect(res.status).toBe(200);
    const { text, cut } = await readAll(res);
    expect(cut).toBe(true);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(text.length);
  });
});

describe('no usage', () => {
  it('leaves usage out of non-stream answers', async () => {
    const body = await (await post(chat('mock-no-usage'))).json();
    expect(body.choices[0].message.content).toBe('echo: one two three');
    expect('usage' in body).toBe(false);
  });

  it('ignores include_usage in streams but still ends with [DONE]', async () => {
    const res = await post(chat('gpt-4o', { stream: true, stream_options: { include_usage: true } }), {
      'x-mock-behaviour': 'no-usage',
    });
    const events = parseSse(await res.text());
    expect(events.at(-1)?.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data) as object);
    expect(chunks).toHaveLength(6);
    expect(chunks.some((c) => 'usage' in c)).toBe(false);
  });

  it('completes a Responses stream with usage: null', async () => {
    const res = await post({ model: 'mock-no-usage', input: 'hi', stream: true }, {}, '/v1/responses');
    const last = parseSse(await res.text()).at(-1);
    expect(last?.event).toBe('response.completed');
    expect(JSON.parse(last?.data ?? '{}').response.usage).toBeNull();
  });
});
