import { GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import { Agent, setGlobalDispatcher } from 'undici';
import { startMockUpstream, type MockUpstream } from './server';
import { parseSse } from './sse';

let mock: MockUpstream;
const KEY = { 'x-goog-api-key': 'g-test', 'content-type': 'application/json' };
// systemInstruction 3 words + "say hello world" 3 = 6 prompt tokens; "echo: say hello world" = 4.
const BASIC = {
  systemInstruction: { parts: [{ text: 'You are terse.' }] },
  contents: [{ role: 'user', parts: [{ text: 'say hello world' }] }],
};
const WEATHER = {
  functionDeclarations: [
    { name: 'get_time', description: 'Current time', parameters: { type: 'OBJECT', properties: {} } },
    {
      name: 'get_weather',
      description: 'Current weather',
      parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' }, days: { type: 'INTEGER' } } },
    },
  ],
};

interface Chunk {
  candidates: { content: { parts: Record<string, unknown>[] }; finishReason?: string }[];
  usageMetadata?: Record<string, number>;
}

function post(path: string, body: unknown, headers: Record<string, string> = KEY): Promise<Response> {
  return fetch(`${mock.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

async function generate(body: unknown, model = 'gemini-2.0-flash', headers: Record<string, string> = KEY) {
  const res = await post(`/v1beta/models/${model}:generateContent`, body, headers);
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  // @google/genai dispatches through undici's global dispatcher, which Node installs on the real global,
  // not on jest's sandbox one: give the sandbox its own.
  setGlobalDispatcher(new Agent());
  mock = await startMockUpstream();
});
beforeEach(() => mock.reset());
afterAll(() => mock.close());

describe('Gemini auth', () => {
  it('refuses a missing key with 403 and a bad key with 400, in Google shape', async () => {
    const none = await generate(BASIC, 'gemini-2.0-flash', { 'content-type': 'application/json' });
    expect(none.status).toBe(403);
    expect(none.body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    const bad = await generate(BASIC, 'gemini-2.0-flash', { 'x-goog-api-key': 'bad-key' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 400,
      message: 'API key not valid. Please pass a valid API key.',
      status: 'INVALID_ARGUMENT',
      details: [{ reason: 'API_KEY_INVALID' }],
    });
    expect(mock.requests()).toHaveLength(2);
  });

  it('takes the key from ?key= as well, on v1 and v1beta, and records the path and query', async () => {
    for (const version of ['v1', 'v1beta']) {
      const res = await post(`/${version}/models/gemini-2.0-flash:generateContent?key=g-test`, BASIC, {
        'content-type': 'application/json',
      });
      expect(res.status).toBe(200);
    }
    expect(mock.requests().map((r) => [r.path, r.query])).toEqual([
      ['/v1/models/gemini-2.0-flash:generateContent', 'key=g-test'],
      ['/v1beta/models/gemini-2.0-flash:generateContent', 'key=g-test'],
    ]);
  });
});

describe('generateContent', () => {
  it('answers a GenerateContentResponse with deterministic usage', async () => {
    const { status, body } = await generate(BASIC);
    expect(status).toBe(200);
    expect(body).toEqual({
      candidates: [
        {
          content: { role: 'model', parts: [{ text: 'echo: say hello world' }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 6, candidatesTokenCount: 4, totalTokenCount: 10 },
      modelVersion: 'gemini-2.0-flash',
      responseId: expect.any(String),
    });
  });

  it('counts inline images as 100 tokens and function responses by their words', async () => {
    const { body } = await generate({
      contents: [
        { role: 'user', parts: [{ text: 'look' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'x' } } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'get_weather', response: { sky: 'clear blue', t: 20 } } }],
        },
      ],
    });
    expect(body.usageMetadata).toEqual({
      promptTokenCount: 1 + 100 + 2,
      candidatesTokenCount: 3,
      totalTokenCount: 106,
    });
    expect(body.candidates[0].content.parts).toEqual([{ text: 'echo: clear blue' }]);
  });

  it('calls a function when asked about the weather or when mode ANY forces it', async () => {
    const ask = { contents: [{ role: 'user', parts: [{ text: 'weather in Oslo?' }] }], tools: [WEATHER] };
    const { body } = await generate(ask);
    expect(body.candidates[0]).toMatchObject({
      content: {
        role: 'model',
        parts: [{ functionCall: { name: 'get_weather', args: { city: 'mock', days: 1 } } }],
      },
      finishReason: 'STOP',
    });
    expect(body.usageMetadata.candidatesTokenCount).toBe(10);
    const forced = await generate({
      ...BASIC,
      tools: [WEATHER],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_time'] } },
    });
    expect(forced.body.candidates[0].content.parts[0].functionCall).toEqual({ name: 'get_time', args: {} });
    const none = await generate({ ...ask, toolConfig: { functionCallingConfig: { mode: 'NONE' } } });
    expect(none.body.candidates[0].content.parts[0].text).toBe('echo: weather in Oslo?');
  });

  it('reports thoughts when thinkingBudget > 0, and returns them with includeThoughts', async () => {
    const config = (thinkingConfig: object) => ({ ...BASIC, generationConfig: { thinkingConfig } });
    const { body } = await generate(config({ thinkingBudget: 3 }), 'gemini-2.5-flash');
    expect(body.usageMetadata).toEqual({
      promptTokenCount: 6,
      candidatesTokenCount: 4,
      thoughtsTokenCount: 3,
      totalTokenCount: 13,
    });
    expect(body.candidates[0].content.parts).toEqual([{ text: 'echo: say hello world' }]);
    const shown = await generate(config({ thinkingBudget: -1, includeThoughts: true }), 'gemini-2.5-flash');
    expect(shown.body.candidates[0].content.parts).toEqual([
      { text: 'thinking about: say hello world', thought: true },
      { text: 'echo: say hello world' },
    ]);
    expect(shown.body.usageMetadata.thoughtsTokenCount).toBe(5);
    const off = await generate(config({ thinkingBudget: 0 }), 'gemini-2.5-flash');
    expect(off.body.usageMetadata.thoughtsTokenCount).toBeUndefined();
  });

  it('stops at maxOutputTokens (thoughts count against it) and at stop sequences', async () => {
    const cut = await generate({ ...BASIC, generationConfig: { maxOutputTokens: 2 } });
    expect(cut.body.candidates[0]).toMatchObject({
      content: { parts: [{ text: 'echo: say' }] },
      finishReason: 'MAX_TOKENS',
    });
    const spent = await generate({
      ...BASIC,
      generationConfig: { maxOutputTokens: 3, thinkingConfig: { thinkingBudget: 10 } },
    });
    expect(spent.body.candidates[0]).toEqual({
      content: { role: 'model' },
      finishReason: 'MAX_TOKENS',
      index: 0,
    });
    const stopped = await generate({ ...BASIC, generationConfig: { stopSequences: ['world'] } });
    expect(stopped.body.candidates[0]).toMatchObject({
      content: { parts: [{ text: 'echo: say hello ' }] },
      finishReason: 'STOP',
    });
  });

  it('answers candidateCount candidates and the cached count from x-mock-cached-tokens', async () => {
    const { body } = await generate(
      { ...BASIC, generationConfig: { candidateCount: 2 } },
      'gemini-2.0-flash',
      {
        ...KEY,
        'x-mock-cached-tokens': '5',
      },
    );
    expect((body as { candidates: { index: number }[] }).candidates.map((c) => c.index)).toEqual([0, 1]);
    expect(body.usageMetadata).toEqual({
      promptTokenCount: 6,
      candidatesTokenCount: 8,
      totalTokenCount: 14,
      cachedContentTokenCount: 5,
    });
  });

  it.each([
    [{}, '* GenerateContentRequest.contents: contents is not specified\n'],
    [{ contents: [{ role: 'assistant', parts: [{ text: 'x' }] }] }, 'Please use a valid role: user, model.'],
  ])('refuses an invalid body with 400 INVALID_ARGUMENT (%#)', async (body, message) => {
    const res = await generate(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message, status: 'INVALID_ARGUMENT' } });
  });

  it('answers 404 NOT_FOUND for an unknown method', async () => {
    const res = await post('/v1beta/models/gemini-2.0-flash:predictLong', BASIC);
    expect(res.status).toBe(404);
    expect((await res.json()).error.status).toBe('NOT_FOUND');
  });

  it('counts tokens', async () => {
    const res = await post('/v1beta/models/gemini-2.0-flash:countTokens', { contents: BASIC.contents });
    expect(await res.json()).toEqual({ totalTokens: 3 });
  });
});

describe('streamGenerateContent', () => {
  it('sends one SSE chunk per word with usage complete on the last', async () => {
    const res = await post('/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse', BASIC);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const chunks = parseSse(await res.text()).map((e) => JSON.parse(e.data) as Chunk);
    expect(chunks.map((c) => c.candidates[0].content.parts[0].text).join('')).toBe('echo: say hello world');
    expect(chunks.slice(0, -1).every((c) => c.candidates[0].finishReason === undefined)).toBe(true);
    expect(chunks[0].usageMetadata).toEqual({ promptTokenCount: 6, totalTokenCount: 6 });
    expect(chunks.at(-1)).toMatchObject({
      candidates: [{ finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 6, candidatesTokenCount: 4, totalTokenCount: 10 },
    });
  });

  it('answers a JSON array without alt=sse', async () => {
    const res = await post('/v1beta/models/gemini-2.0-flash:streamGenerateContent', BASIC);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const chunks = await res.json();
    expect(chunks).toHaveLength(4);
    expect(chunks[3].usageMetadata.totalTokenCount).toBe(10);
  });

  it('streams function calls and thoughts as whole parts', async () => {
    const res = await post('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', {
      contents: [{ role: 'user', parts: [{ text: 'weather?' }] }],
      tools: [WEATHER],
      generationConfig: { thinkingConfig: { thinkingBudget: 2, includeThoughts: true } },
    });
    const parts = parseSse(await res.text()).map(
      (e) => (JSON.parse(e.data) as Chunk).candidates[0].content.parts[0],
    );
    expect(parts).toEqual([
      { text: 'thinking about:', thought: true },
      { functionCall: { name: 'get_weather', args: { city: 'mock', days: 1 } } },
    ]);
  });
});

describe('the official @google/genai client', () => {
  const client = () => new GoogleGenAI({ apiKey: 'g-test', httpOptions: { baseUrl: mock.url } });

  it('reads generateContent and generateContentStream answers', async () => {
    const request = {
      model: 'gemini-2.0-flash',
      contents: 'say hello world',
      config: { systemInstruction: 'You are terse.' },
    };
    const whole = await client().models.generateContent(request);
    expect(whole.text).toBe('echo: say hello world');
    expect(whole.usageMetadata).toMatchObject({ promptTokenCount: 6, candidatesTokenCount: 4 });
    const chunks: GenerateContentResponse[] = [];
    for await (const chunk of await client().models.generateContentStream(request)) chunks.push(chunk);
    expect(chunks.map((c) => c.text).join('')).toBe('echo: say hello world');
    expect(chunks.at(-1)?.usageMetadata?.totalTokenCount).toBe(10);
    expect(mock.requests()[0]).toMatchObject({
      path: '/v1beta/models/gemini-2.0-flash:generateContent',
      headers: { 'x-goog-api-key': 'g-test' },
    });
  });

  it('reads function calls and embeddings', async () => {
    const called = await client().models.generateContent({
      model: 'gemini-2.0-flash',
      contents: 'what is the weather',
      config: { tools: [WEATHER as never] },
    });
    expect(called.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'mock', days: 1 } }]);
    const embedded = await client().models.embedContent({
      model: 'text-embedding-004',
      contents: ['a b', 'c'],
    });
    expect(embedded.embeddings).toHaveLength(2);
    expect(embedded.embeddings?.[0].values).toHaveLength(8);
  });
});

describe('embeddings', () => {
  it('embeds one content deterministically, outputDimensionality respected', async () => {
    const one = async (): Promise<number[]> => {
      const res = await post('/v1beta/models/text-embedding-004:embedContent', {
        content: { parts: [{ text: 'hi there' }] },
        outputDimensionality: 4,
      });
      return ((await res.json()) as { embedding: { values: number[] } }).embedding.values;
    };
    const first = await one();
    expect(first).toHaveLength(4);
    expect(await one()).toEqual(first);
  });

  it('embeds a batch, each request naming the URL model', async () => {
    const request = (model: string) => ({ model, content: { parts: [{ text: 'x' }] } });
    const ok = await post('/v1beta/models/text-embedding-004:batchEmbedContents', {
      requests: [request('models/text-embedding-004'), request('models/text-embedding-004')],
    });
    expect((await ok.json()).embeddings).toHaveLength(2);
    const wrong = await post('/v1beta/models/text-embedding-004:batchEmbedContents', {
      requests: [request('models/other')],
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.status).toBe('INVALID_ARGUMENT');
  });
});

describe('models', () => {
  it('lists Gemini models for a Google key and OpenAI models otherwise', async () => {
    const gemini = await (await fetch(`${mock.url}/v1beta/models`, { headers: KEY })).json();
    expect(gemini.models[0]).toMatchObject({
      name: 'models/gemini-2.5-pro',
      supportedGenerationMethods: expect.arrayContaining(['generateContent']),
    });
    const v1 = await (await fetch(`${mock.url}/v1/models?key=g-test`)).json();
    expect(v1.models).toHaveLength(gemini.models.length);
    const one = await (await fetch(`${mock.url}/v1beta/models/gemini-2.0-flash`, { headers: KEY })).json();
    expect(one.name).toBe('models/gemini-2.0-flash');
    const openai = await (
      await fetch(`${mock.url}/v1/models`, { headers: { authorization: 'Bearer sk' } })
    ).json();
    expect(openai.object).toBe('list');
  });
});

describe('behaviours on Gemini', () => {
  it.each([
    ['mock-429', {}, 429, 'RESOURCE_EXHAUSTED'],
    ['gemini-2.0-flash', { 'x-mock-behaviour': '503' }, 503, 'UNAVAILABLE'],
  ])('%s answers in Google error shape', async (model, extra, status, name) => {
    const res = await generate(BASIC, model, { ...KEY, ...extra });
    expect(res.status).toBe(status);
    expect(res.body.error).toMatchObject({ code: status, status: name });
  });

  it('leaves usageMetadata out under no-usage and cuts streams', async () => {
    expect((await generate(BASIC, 'mock-no-usage')).body.usageMetadata).toBeUndefined();
    const res = await post('/v1beta/models/mock-cut-stream:streamGenerateContent?alt=sse', BASIC);
    const reader = res.body!.getReader();
    let text = '';
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          text += Buffer.from(value).toString();
        }
      })(),
    ).rejects.toThrow();
    expect(parseSse(text)).toHaveLength(2);
  });
});
