import { EMBEDDING_DIMENSIONS } from './media';
import { MOCK_MODELS } from './models';
import { startMockUpstream, type MockUpstream } from './server';

let mock: MockUpstream;
const KEY = { authorization: 'Bearer sk-test', 'content-type': 'application/json' };

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${mock.url}${path}`, {
    method: 'POST',
    headers: { ...KEY, ...headers },
    body: JSON.stringify(body),
  });
}

function get(path: string, headers: Record<string, string> = KEY): Promise<Response> {
  return fetch(`${mock.url}${path}`, { headers });
}

beforeAll(async () => {
  mock = await startMockUpstream();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

describe('media endpoints', () => {
  it('embeds each input deterministically as floats or base64', async () => {
    const request = { model: 'text-embedding-3-small', input: ['a b', 'c'] };
    const floats = await (await post('/v1/embeddings', request)).json();
    expect(floats).toMatchObject({
      object: 'list',
      model: 'text-embedding-3-small',
      usage: { prompt_tokens: 3, total_tokens: 3 },
    });
    expect(floats.data).toHaveLength(2);
    expect(floats.data[0].embedding).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(floats.data[0].embedding).not.toEqual(floats.data[1].embedding);
    const again = await (await post('/v1/embeddings', request)).json();
    expect(again.data[0].embedding).toEqual(floats.data[0].embedding);

    const b64 = await (
      await post('/v1/embeddings', { ...request, encoding_format: 'base64', dimensions: 4 })
    ).json();
    const decoded = new Float32Array(new Uint8Array(Buffer.from(b64.data[0].embedding, 'base64')).buffer);
    expect(decoded).toHaveLength(4);
    expect(Array.from(decoded)).toEqual((floats.data[0].embedding as number[]).slice(0, 4));
  });

  it('generates image urls or b64_json', async () => {
    const urls = await (
      await post('/v1/images/generations', { model: 'dall-e-3', prompt: 'a cat', n: 2 })
    ).json();
    expect(urls.data).toHaveLength(2);
    expect(urls.data[0].url).toMatch(/^https:\/\/mock-upstream\.invalid\/images\/.+\.png$/);
    const b64 = await (
      await post('/v1/images/generations', { prompt: 'a cat', response_format: 'b64_json' })
    ).json();
    expect(Buffer.from(b64.data[0].b64_json, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('speaks audio/mpeg bytes sized by the input', async () => {
    const res = await post('/v1/audio/speech', { model: 'tts-1', input: 'hello', voice: 'alloy' });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes).toHaveLength(1024 + 10);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfb]);
  });

  it('transcribes a multipart upload and records its summary', async () => {
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('file', new Blob([new Uint8Array(32_001)], { type: 'audio/mpeg' }), 'clip.mp3');
    const res = await fetch(`${mock.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: KEY.authorization },
      body: form,
    });
    expect(await res.json()).toEqual({
      text: 'mock transcription of clip.mp3 (32001 bytes)',
      usage: { type: 'duration', seconds: 3 },
    });
    expect(mock.requests()[0].body).toEqual({
      fields: { model: 'whisper-1' },
      files: [{ field: 'file', filename: 'clip.mp3', contentType: 'audio/mpeg', size: 32_001 }],
    });
  });

  it('flags moderation inputs containing "kill"', async () => {
    const body = await (
      await post('/v1/moderations', { input: ['I will kill the process', 'hello'] })
    ).json();
    expect(body.model).toBe('omni-moderation-latest');
    expect((body.results as { flagged: boolean }[]).map((r) => r.flagged)).toEqual([true, false]);
    expect(body.results[0].categories.violence).toBe(true);
    expect(body.results[0].categories.hate).toBe(false);
  });
});

describe('models, routing and auth', () => {
  it('lists and gets models', async () => {
    const list = await (await get('/v1/models')).json();
    expect(list.object).toBe('list');
    expect((list.data as { id: string }[]).map((m) => m.id)).toEqual([...MOCK_MODELS]);
    expect(await (await get('/v1/models/gpt-4o')).json()).toMatchObject({
      id: 'gpt-4o',
      object: 'model',
      owned_by: 'openai',
    });
    const missing = await get('/v1/models/nope');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('model_not_found');
  });

  it('answers unknown paths with an OpenAI-shaped 404', async () => {
    const res = await post('/v1/nothing', {});
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: {
        message: 'Invalid URL (POST /v1/nothing)',
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
    expect((await post('/chat/completions', {})).status).toBe(404);
  });

  it('answers 401 for a missing key and for bad-key', async () => {
    const missing = await get('/v1/models', {});
    expect(missing.status).toBe(401);
    expect((await missing.json()).error).toMatchObject({ type: 'invalid_request_error', code: null });
    const bad = await get('/v1/models', { authorization: 'Bearer bad-key' });
    expect(bad.status).toBe(401);
    expect((await bad.json()).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await fetch(`${mock.url}/v1/chat/completions`, {
      method: 'POST',
      headers: KEY,
      body: '{oops',
    });
    expect(res.status).toBe(400);
    expect(mock.requests()[0].body).toBe('{oops');
  });
});

describe('recording', () => {
  it('records method, path, headers and parsed body; reset clears', async () => {
    const before = Date.now();
    await post(
      '/v1/chat/completions?x=1',
      { model: 'mapped-model', messages: [{ role: 'user', content: 'hi' }] },
      { 'x-extra': 'yes' },
    );
    const [recorded] = mock.requests();
    expect(recorded).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      headers: { authorization: 'Bearer sk-test', 'x-extra': 'yes' },
      body: { model: 'mapped-model', messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(recorded.receivedAt).toBeGreaterThanOrEqual(before);
    mock.reset();
    expect(mock.requests()).toEqual([]);
  });

  it('serves the log over GET /__mock/requests and clears it with DELETE', async () => {
    await get('/v1/models');
    const listed = await (await fetch(`${mock.url}/__mock/requests`)).json();
    expect((listed as { path: string }[]).map((r) => r.path)).toEqual(['/v1/models']);
    await fetch(`${mock.url}/__mock/requests`, { method: 'DELETE' });
    expect(mock.requests()).toEqual([]);
  });

  it('keeps nothing with record: false and at most maxRecorded entries', async () => {
    const quiet = await startMockUpstream({ record: false });
    const bounded = await startMockUpstream({ maxRecorded: 2 });
    try {
      for (const m of [quiet, bounded]) {
        for (const id of ['a', 'b', 'c']) await fetch(`${m.url}/v1/models/${id}`, { headers: KEY });
      }
      expect(quiet.requests()).toEqual([]);
      expect(bounded.requests().map((r) => r.path)).toEqual(['/v1/models/b', '/v1/models/c']);
    } finally {
      await Promise.all([quiet.close(), bounded.close()]);
    }
  });

  it('answers 200 parallel requests, each with its own echo', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const stream = i % 2 === 0;
        const res = await post('/v1/chat/completions', {
          model: 'gpt-4o',
          stream,
          messages: [{ role: 'user', content: `n${i}` }],
        });
        const text = await res.text();
        return stream
          ? text.includes(`"content":" n${i}"`) && text.endsWith('[DONE]\n\n')
          : JSON.parse(text).choices[0].message.content === `echo: n${i}`;
      }),
    );
    expect(answers.every(Boolean)).toBe(true);
    expect(mock.requests()).toHaveLength(200);
  });
});
