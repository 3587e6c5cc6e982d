import { ApiError, type Content, FinishReason, type GenerateContentResponse } from '@google/genai';
import { countTokens } from 'gpt-tokenizer';
import { BACKENDS } from './support/test-app';
import { CHANNEL, type RelayFixture, rejectionOf, startRelayFixture } from './support/relay-fixtures';

const GEMINI_MODEL = 'gemini-2.0-flash';
const GEMINI_KEY = 'AIza-channel-secret-5d81';
const CONVERTED_MODEL = 'gpt-4o-mini';
// Embedded through a Gemini channel and through an OpenAI one.
const EMBEDDING_MODELS = ['text-embedding-004', 'text-embedding-3-small'];

const WEATHER_DECLARATION = {
  name: 'get_weather',
  description: 'Current weather in a city',
  parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const WEATHER_TOOLS = [{ functionDeclarations: [WEATHER_DECLARATION] }];

// The text parts of a response (the client's `.text` getter warns when function calls come along).
const textOf = (response: GenerateContentResponse): string =>
  (response.candidates?.[0]?.content?.parts ?? []).map((part) => part.text ?? '').join('');

const requestIdOf = (response: GenerateContentResponse): string =>
  response.sdkHttpResponse?.headers?.['x-request-id'] ?? '';

/** The Gemini error body the client put in the ApiError's message. */
const googleErrorOf = (error: ApiError) =>
  (JSON.parse(error.message) as { error: { code: number; message: string; status: string } }).error;

// @google/genai callers on /v1beta/models/{model}:generateContent and :streamGenerateContent: a Gemini channel
// answers byte for byte, an OpenAI channel through the pivot; errors come back in Google's shape.
describe.each(BACKENDS)('relay: @google/genai on /v1beta (%s)', (backend) => {
  let f: RelayFixture;
  let key: string;
  let geminiChannel: number;
  let openaiChannel: number;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    const priced = [GEMINI_MODEL, CONVERTED_MODEL, 'lonely-model', 'mock-503', ...EMBEDDING_MODELS];
    await f.setOption('ModelRatio', JSON.stringify(Object.fromEntries(priced.map((m) => [m, 1]))));
    geminiChannel = await f.addChannel({
      type: CHANNEL.gemini,
      key: GEMINI_KEY,
      models: `${GEMINI_MODEL},mock-503`,
    });
    openaiChannel = await f.addChannel({ models: CONVERTED_MODEL });
    await f.addChannel({ type: CHANNEL.gemini, key: GEMINI_KEY, models: 'text-embedding-004' });
    await f.addChannel({ models: 'text-embedding-3-small' });
    key = await f.newToken();
  });
  afterAll(() => f.close());
  beforeEach(() => f.mock.reset());

  describe('on a Gemini channel (pass-through)', () => {
    it('answers generateContent, forwards the body with the channel key, and logs the usage', async () => {
      const contents: Content[] = [{ role: 'user', parts: [{ text: 'hello there' }] }];
      const answer = await f.gemini(key).models.generateContent({ model: GEMINI_MODEL, contents });
      expect(textOf(answer)).toBe('echo: hello there');
      expect(answer.candidates?.[0].finishReason).toBe(FinishReason.STOP);
      expect(answer.usageMetadata).toMatchObject({ promptTokenCount: 2, candidatesTokenCount: 3 });
      const [seen] = f.mock.requests();
      expect(seen.path).toBe(`/v1beta/models/${GEMINI_MODEL}:generateContent`);
      expect(seen.headers['x-goog-api-key']).toBe(GEMINI_KEY);
      // The caller's body, with the gateway's safety settings (gemini.safety_settings) added.
      expect(seen.body).toMatchObject({ contents, safetySettings: expect.any(Array) });
      const log = await f.logOf(requestIdOf(answer));
      expect(log).toMatchObject({
        channel: geminiChannel,
        modelName: GEMINI_MODEL,
        promptTokens: 2,
        completionTokens: 3,
        isStream: false,
      });
      expect(log.other.request_path).toBe('/v1beta/models/{model}:generateContent');
    });

    it('streams word by word with the usage on the last chunk', async () => {
      const stream = await f
        .gemini(key)
        .models.generateContentStream({ model: GEMINI_MODEL, contents: 'one two three' });
      const chunks: GenerateContentResponse[] = [];
      for await (const chunk of stream) chunks.push(chunk);
      expect(chunks.map(textOf).join('')).toBe('echo: one two three');
      expect(chunks.at(-1)?.candidates?.[0].finishReason).toBe(FinishReason.STOP);
      expect(chunks.at(-1)?.usageMetadata).toMatchObject({ promptTokenCount: 3, candidatesTokenCount: 4 });
      expect(f.mock.requests()[0]).toMatchObject({
        path: `/v1beta/models/${GEMINI_MODEL}:streamGenerateContent`,
        query: 'alt=sse',
      });
      expect(await f.logOf(requestIdOf(chunks[0]))).toMatchObject({
        promptTokens: 3,
        completionTokens: 4,
        isStream: true,
      });
    });

    it('calls a function, then echoes the function response sent back', async () => {
      const ai = f.gemini(key);
      const question: Content = { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] };
      const config = { tools: WEATHER_TOOLS };
      const first = await ai.models.generateContent({ model: GEMINI_MODEL, contents: [question], config });
      expect(first.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'mock' } }]);
      const second = await ai.models.generateContent({
        model: GEMINI_MODEL,
        config,
        contents: [
          question,
          { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'mock' } } }] },
          {
            role: 'user',
            parts: [{ functionResponse: { name: 'get_weather', response: { result: 'sunny and mild' } } }],
          },
        ],
      });
      expect(textOf(second)).toBe('echo: sunny and mild');
      expect(second.functionCalls).toBeUndefined();
    });

    it('lists the token’s models in Gemini’s shape', async () => {
      const pager = await f.gemini(key).models.list();
      const names = pager.page.map((model) => model.name);
      expect(names).toEqual(expect.arrayContaining([`models/${GEMINI_MODEL}`, `models/${CONVERTED_MODEL}`]));
    });
  });

  it.each([
    ['a Gemini channel', GEMINI_MODEL],
    ['an OpenAI channel', CONVERTED_MODEL],
  ])('streams one growing JSON array when alt=sse is left out (%s)', async (_, model) => {
    const response = await f.t
      .http()
      .post(`/v1beta/models/${model}:streamGenerateContent`)
      .set('x-goog-api-key', key)
      .send({ contents: [{ role: 'user', parts: [{ text: 'one two three' }] }] });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const chunks = JSON.parse(response.text) as GenerateContentResponse[];
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map(textOf).join('')).toBe('echo: one two three');
    expect(chunks.at(-1)?.usageMetadata).toMatchObject({ candidatesTokenCount: 4 });
    const log = await f.logOf(response.headers['x-request-id']);
    expect(log).toMatchObject({ completionTokens: 4, isStream: true });
  });

  it.each(EMBEDDING_MODELS)(
    'embeds through batchEmbedContents and embedContent (%s), billed by input',
    async (model) => {
      const batch = await f.gemini(key).models.embedContent({
        model,
        contents: ['hello there', 'second text'],
        config: { outputDimensionality: 4 },
      });
      expect(batch.embeddings).toHaveLength(2);
      expect(batch.embeddings?.map((embedding) => embedding.values?.length)).toEqual([4, 4]);
      expect(batch.embeddings?.[0].values).not.toEqual(batch.embeddings?.[1].values);
      expect(f.mock.requests()[0].path).toBe(
        model === 'text-embedding-004' ? `/v1beta/models/${model}:batchEmbedContents` : '/v1/embeddings',
      );
      const log = await f.logOf(batch.sdkHttpResponse?.headers?.['x-request-id'] ?? '');
      expect(log).toMatchObject({
        modelName: model,
        promptTokens: countTokens('hello there') + countTokens('second text'),
      });

      const one = await f.t
        .http()
        .post(`/v1beta/models/${model}:embedContent`)
        .set('x-goog-api-key', key)
        .send({ content: { parts: [{ text: 'hello there' }] }, outputDimensionality: 4 });
      expect(one.status).toBe(200);
      expect(one.body.embedding.values).toEqual(batch.embeddings?.[0].values);
    },
  );

  it('counts tokens itself, free and without calling a provider, within the token’s model limits', async () => {
    const counted = await f.gemini(key).models.countTokens({ model: GEMINI_MODEL, contents: 'hello there' });
    // Reference §3.4's count on the OpenAI form: 3 per message, 3 priming, then the text.
    expect(counted.totalTokens).toBe(6 + countTokens('hello there'));
    expect(f.mock.requests()).toHaveLength(0);
    const limited = await f.newToken({ model_limits_enabled: true, model_limits: CONVERTED_MODEL });
    const refused = await rejectionOf(
      f.gemini(limited).models.countTokens({ model: GEMINI_MODEL, contents: 'hi' }),
      ApiError,
    );
    expect(refused.status).toBe(403);
  });

  describe('on an OpenAI channel (converted)', () => {
    it('answers in Gemini shape what the provider answered in OpenAI shape', async () => {
      const answer = await f.gemini(key).models.generateContent({
        model: CONVERTED_MODEL,
        contents: 'hello there',
        config: { systemInstruction: 'Be brief.', temperature: 0.2 },
      });
      // OpenAI mock usage: 3 + (3 + 2 words of system) + (3 + 2 words of the question) = 13
      expect(textOf(answer)).toBe('echo: hello there');
      expect(answer.candidates?.[0].finishReason).toBe(FinishReason.STOP);
      expect(answer.usageMetadata).toMatchObject({
        promptTokenCount: 13,
        candidatesTokenCount: 3,
        totalTokenCount: 16,
      });
      expect(f.mock.requests()[0]).toMatchObject({
        path: '/v1/chat/completions',
        body: {
          model: CONVERTED_MODEL,
          temperature: 0.2,
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'hello there' },
          ],
        },
      });
      const log = await f.logOf(requestIdOf(answer));
      expect(log).toMatchObject({ channel: openaiChannel, promptTokens: 13, completionTokens: 3 });
    });

    it('streams OpenAI chunks as Gemini chunks, usage last', async () => {
      const stream = await f
        .gemini(key)
        .models.generateContentStream({ model: CONVERTED_MODEL, contents: 'one two three' });
      const chunks: GenerateContentResponse[] = [];
      for await (const chunk of stream) chunks.push(chunk);
      expect(chunks.map(textOf).join('')).toBe('echo: one two three');
      expect(chunks.at(-1)?.usageMetadata).toMatchObject({ promptTokenCount: 9, candidatesTokenCount: 4 });
      expect(f.mock.requests()[0].body).toMatchObject({
        stream: true,
        stream_options: { include_usage: true },
      });
      const log = await f.logOf(requestIdOf(chunks[0]));
      expect(log).toMatchObject({ channel: openaiChannel, promptTokens: 9, completionTokens: 4 });
    });

    it('reports a cut answer as MAX_TOKENS', async () => {
      const answer = await f.gemini(key).models.generateContent({
        model: CONVERTED_MODEL,
        contents: 'a long question to answer',
        config: { maxOutputTokens: 2 },
      });
      expect(textOf(answer)).toBe('echo: a');
      expect(answer.candidates?.[0].finishReason).toBe(FinishReason.MAX_TOKENS);
      expect(f.mock.requests()[0].body).toMatchObject({ max_tokens: 2 });
    });

    it('sends function declarations and a function round trip in OpenAI shape', async () => {
      await f.gemini(key).models.generateContent({
        model: CONVERTED_MODEL,
        config: { tools: WEATHER_TOOLS },
        contents: [
          { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] },
          { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
          {
            role: 'user',
            parts: [{ functionResponse: { name: 'get_weather', response: { result: 'sunny' } } }],
          },
        ],
      });
      const { body } = f.mock.requests()[0];
      expect(body).toMatchObject({
        tools: [{ type: 'function', function: { name: 'get_weather' } }],
        messages: [
          { role: 'user', content: 'What is the weather in Paris?' },
          {
            role: 'assistant',
            tool_calls: [
              { type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            ],
          },
          { role: 'tool', content: '{"result":"sunny"}' },
        ],
      });
      const messages = (body as { messages: { tool_calls?: { id: string }[]; tool_call_id?: string }[] })
        .messages;
      expect(messages[2].tool_call_id).toBe(messages[1].tool_calls?.[0].id);
    });
  });

  it('takes the key from ?key= too, as REST callers send it', async () => {
    const response = await f.t
      .http()
      .post(`/v1beta/models/${CONVERTED_MODEL}:generateContent?key=${key}`)
      .send({ contents: [{ role: 'user', parts: [{ text: 'by query' }] }] });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      candidates: [{ content: { role: 'model', parts: [{ text: 'echo: by query' }] } }],
    });
  });

  describe('refusals, in Google’s error shape', () => {
    const generate = (apiKey: string, model: string) =>
      f.gemini(apiKey).models.generateContent({ model, contents: 'hi' });

    it('a bad key is a 401 UNAUTHENTICATED', async () => {
      const error = await rejectionOf(generate('sk-not-a-real-token', GEMINI_MODEL), ApiError);
      expect(error.status).toBe(401);
      expect(googleErrorOf(error)).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    });

    it('an unknown method is a 404 NOT_FOUND', async () => {
      const response = await f.t
        .http()
        .post(`/v1beta/models/${GEMINI_MODEL}:predictLongRunning`)
        .set('x-goog-api-key', key)
        .send({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
    });

    it('a model without a channel is a 503 UNAVAILABLE naming the model', async () => {
      const error = await rejectionOf(generate(key, 'lonely-model'), ApiError);
      expect(error.status).toBe(503);
      const body = googleErrorOf(error);
      expect(body).toMatchObject({ code: 503, status: 'UNAVAILABLE' });
      expect(body.message).toContain('lonely-model');
    });

    it('a provider refusal keeps its status, without the channel key, on a stream too', async () => {
      const error = await rejectionOf(generate(key, 'mock-503'), ApiError);
      expect(error.status).toBe(503);
      expect(googleErrorOf(error).status).toBe('UNAVAILABLE');
      expect(error.message).not.toContain(GEMINI_KEY);
      const streamed = f.gemini(key).models.generateContentStream({ model: 'mock-503', contents: 'hi' });
      expect((await rejectionOf(streamed, ApiError)).status).toBe(503);
    });
  });
});
