import { ChannelType } from '@tollgate/contracts';
import { type MockUpstream, parseSse, startMockUpstream } from '@tollgate/mock-upstream';
import { type GenerateContentParameters } from '@google/genai';
import { type ChatCompletion, type ChatCompletionChunk } from 'openai/resources/chat/completions';
import { type CreateEmbeddingResponse } from 'openai/resources/embeddings';
import { request } from 'undici';
import { type Json, type StreamEvent } from '../src/modules/relay/protocols/protocol';
import { GEMINI_CODEC } from '../src/modules/relay/protocols/gemini/gemini-codec';
import { testOptions, testSelection } from '../src/modules/relay/providers/adapter-testing';
import { GEMINI_ADAPTER } from '../src/modules/relay/providers/gemini/gemini-adapter';
import {
  buildEmbedding,
  embeddingAnswerToOpenAi,
} from '../src/modules/relay/providers/gemini/gemini-embeddings';
import { type BuiltRequest } from '../src/modules/relay/providers/provider';
import { type AdapterOptions } from '../src/modules/relay/providers/upstream-adapter';

// The Gemini adapter and codec against the mock's Gemini API over real HTTP: what the adapter builds is
// accepted, and what comes back decodes into OpenAI's shapes.
describe('Gemini adapter against the mock Gemini API', () => {
  let mock: MockUpstream;

  beforeAll(async () => {
    mock = await startMockUpstream();
  });
  afterAll(() => mock.close());
  beforeEach(() => mock.reset());

  async function send(built: BuiltRequest, method: 'GET' | 'POST' = 'POST') {
    const answer = await request(built.url, {
      method,
      headers: built.headers,
      body: method === 'POST' ? built.body : undefined,
    });
    return { status: answer.statusCode, text: await answer.body.text() };
  }

  async function chat(
    pivot: Json,
    model: string,
    stream: boolean,
    key = 'AIza-good',
    options?: AdapterOptions,
  ) {
    const built = await GEMINI_ADAPTER.buildChat({
      selection: testSelection({ type: ChannelType.Gemini, baseUrl: mock.url }, key, model),
      body: GEMINI_CODEC.requestFromPivot(pivot),
      stream,
      options: options ?? testOptions(),
    });
    return send(built);
  }

  const completionOf = (json: Json): ChatCompletion =>
    GEMINI_CODEC.answerToPivot(json) as unknown as ChatCompletion;

  const events = (text: string): StreamEvent[] =>
    parseSse(text).map((event) => ({ data: JSON.parse(event.data) }));

  it('answers a converted chat whole: text, stop and the usage it bills', async () => {
    const pivot = {
      model: 'gemini-2.0-flash',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello' },
      ],
    };
    const answer = await chat(pivot, 'gemini-2.0-flash', false);
    expect(answer.status).toBe(200);
    const json = JSON.parse(answer.text) as Json;
    const completion = completionOf(json);
    expect(completion.choices[0].message.content).toMatch(/\S/);
    expect(completion.choices[0].finish_reason).toBe('stop');
    const usage = GEMINI_CODEC.usageOfAnswer(json);
    expect(usage?.promptTokens).toBeGreaterThan(0);
    expect(completion.usage?.prompt_tokens).toBe(usage?.promptTokens);
    const recorded = mock.requests()[0];
    expect(recorded.path).toBe('/v1beta/models/gemini-2.0-flash:generateContent');
    expect(recorded.query).toBe('');
    expect(recorded.headers['x-goog-api-key']).toBe('AIza-good');
  });

  it('streams: SSE chunks transcode into OpenAI chunks ending with usage and [DONE]', async () => {
    const pivot = {
      model: 'm',
      stream: true,
      messages: [{ role: 'user', content: 'Tell me a story about a fox' }],
    };
    const answer = await chat(pivot, 'gemini-2.5-flash', true);
    expect(answer.status).toBe(200);
    const upstream = events(answer.text);
    expect(upstream.length).toBeGreaterThan(1);
    const transcoder = GEMINI_CODEC.streamToPivot();
    const meter = GEMINI_CODEC.streamMeter();
    const chunks: unknown[] = [];
    for (const event of upstream) {
      meter.observe(event);
      chunks.push(...transcoder.push(event).map((out) => out.data));
    }
    chunks.push(...transcoder.finish().map((out) => out.data));
    const parsed = chunks.slice(0, -1) as ChatCompletionChunk[];
    expect(chunks.at(-1)).toBe('[DONE]');
    expect(parsed[0].choices[0].delta.role).toBe('assistant');
    const text = parsed
      .flatMap((chunk) => chunk.choices.map((choice) => choice.delta.content ?? ''))
      .join('');
    expect(text).toBe(meter.text);
    expect(parsed.at(-2)?.choices[0].finish_reason).toBe('stop');
    const final = parsed.at(-1);
    expect(final?.choices).toEqual([]);
    expect(final?.usage?.prompt_tokens).toBe(meter.usage?.promptTokens);
    expect(final?.usage?.completion_tokens).toBe(meter.usage?.completionTokens);
    expect(mock.requests()[0].query).toBe('alt=sse');
  });

  it('calls a tool and takes its result back in the next turn', async () => {
    const tools = [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Current weather of a city',
          parameters: {
            $schema: 'http://json-schema.org/draft-07/schema#',
            type: 'object',
            additionalProperties: false,
            properties: { city: { type: 'string' } },
            required: ['city'],
          },
        },
      },
    ];
    const first = [{ role: 'user', content: 'What is the weather in Paris?' }];
    const answer = await chat(
      { model: 'm', messages: first, tools, tool_choice: 'required' },
      'gemini-2.0-flash',
      false,
    );
    expect(answer.status).toBe(200);
    const message = completionOf(JSON.parse(answer.text) as Json).choices[0];
    expect(message.finish_reason).toBe('tool_calls');
    const call = message.message.tool_calls?.[0];
    if (call?.type !== 'function') throw new Error('expected a function call');
    expect(call.function.name).toBe('get_weather');
    const second = [
      ...first,
      message.message,
      { role: 'tool', tool_call_id: call.id, content: '{"celsius": 21, "sky": "clear"}' },
    ];
    const followUp = await chat({ model: 'm', messages: second, tools }, 'gemini-2.0-flash', false);
    expect(followUp.status).toBe(200);
    const sent = mock.requests()[1].body as GenerateContentParameters;
    expect((sent.contents as unknown[])[2]).toEqual({
      role: 'user',
      parts: [{ functionResponse: { name: 'get_weather', response: { celsius: 21, sky: 'clear' } } }],
    });
  });

  it('serves a -thinking-<budget> name from its base model and reads the thoughts back', async () => {
    const options = testOptions({ 'gemini.thinking_adapter_enabled': 'true' });
    const pivot = {
      model: 'm',
      messages: [{ role: 'user', content: 'Why is the sky blue?' }],
      max_tokens: 400,
    };
    const answer = await chat(pivot, 'gemini-2.5-flash-thinking-64', false, 'AIza-good', options);
    expect(answer.status).toBe(200);
    expect(mock.requests()[0].path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    const json = JSON.parse(answer.text) as Json;
    const completion = completionOf(json);
    expect(completion.choices[0].message).toHaveProperty('reasoning_content', expect.stringMatching(/\S/));
    expect(completion.usage?.completion_tokens_details?.reasoning_tokens).toBeGreaterThan(0);
  });

  it('reads a refused key as an OpenAI error, the key never in the URL', async () => {
    const answer = await chat(
      { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
      'gemini-2.0-flash',
      false,
      'bad-key',
    );
    expect(answer.status).toBe(400);
    expect(GEMINI_CODEC.errorToPivot(answer.status, answer.text).error).toEqual({
      message: 'API key not valid. Please pass a valid API key.',
      type: 'upstream_error',
      param: null,
      code: 'INVALID_ARGUMENT',
    });
    expect(mock.requests()[0].query).not.toContain('bad-key');
  });

  it('embeds through batchEmbedContents and answers in OpenAI’s list shape', async () => {
    const input = ['first text', 'second text'];
    const built = buildEmbedding(
      testSelection({ type: ChannelType.Gemini, baseUrl: mock.url }, 'AIza-good', 'text-embedding-004'),
      {
        input,
        dimensions: 8,
      },
    );
    const answer = await send(built);
    expect(answer.status).toBe(200);
    const list = embeddingAnswerToOpenAi(
      JSON.parse(answer.text),
      'text-embedding-004',
      input,
    ) as unknown as CreateEmbeddingResponse;
    expect(list.data).toHaveLength(2);
    expect(list.data[1].embedding).toHaveLength(8);
    expect(list.usage.prompt_tokens).toBeGreaterThan(0);
  });

  it('lists the channel’s models', async () => {
    const list = GEMINI_ADAPTER.listModels?.({ type: 24, baseUrl: mock.url, key: 'AIza-good', other: '' });
    if (!list) throw new Error('the Gemini adapter lists models');
    const answer = await send(list, list.method);
    expect(answer.status).toBe(200);
    expect(list.parse(JSON.parse(answer.text))).toEqual(
      expect.arrayContaining(['gemini-2.0-flash', 'text-embedding-004']),
    );
  });
});
