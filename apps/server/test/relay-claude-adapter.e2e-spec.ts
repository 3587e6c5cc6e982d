import { ChannelType } from '@tollgate/contracts';
import { type MockUpstream, parseSse, startMockUpstream } from '@tollgate/mock-upstream';
import { request } from 'undici';
import { CLAUDE_CODEC } from '../src/modules/relay/protocols/claude/claude-codec';
import { type Json, type StreamEvent } from '../src/modules/relay/protocols/protocol';
import { BEDROCK_ADAPTER } from '../src/modules/relay/providers/bedrock/bedrock-adapter';
import { CLAUDE_ADAPTER } from '../src/modules/relay/providers/claude/claude-adapter';
import { testOptions, testSelection } from '../src/modules/relay/providers/adapter-testing';
import { type BuiltRequest } from '../src/modules/relay/providers/provider';
import { type UpstreamAdapter } from '../src/modules/relay/providers/upstream-adapter';

// The Anthropic and Bedrock adapters with the Claude codec against the mock's Anthropic and Bedrock APIs over
// real HTTP: what the adapters build is accepted (x-api-key; SigV4 recomputed by the mock), and what comes
// back decodes into OpenAI's shapes with the usage billing needs.
const AWS = { accessKeyId: 'AKIAMOCKBEDROCK', secretAccessKey: 'mock/Secret+Key=1' };
const AWS_KEY = `${AWS.accessKeyId}|${AWS.secretAccessKey}|us-east-1`;

const WEATHER_TOOL = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Current weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

// Just the fields of OpenAI's shapes these tests read.
interface PivotToolCall {
  index?: number;
  type?: string;
  function: { name?: string; arguments?: string };
}
interface PivotCompletion {
  choices: {
    message: { content: string | null; reasoning_content?: string; tool_calls?: PivotToolCall[] };
    finish_reason: string;
  }[];
  usage: { prompt_tokens: number };
}
interface PivotChunk {
  choices: { delta: { role?: string; content?: string; tool_calls?: PivotToolCall[] } }[];
  usage?: { prompt_tokens: number; completion_tokens: number };
}

describe('Claude adapters against the mock Anthropic and Bedrock APIs', () => {
  let mock: MockUpstream;

  beforeAll(async () => {
    mock = await startMockUpstream({ bedrockCredentials: [AWS] });
  });
  afterAll(() => mock.close());
  beforeEach(() => mock.reset());

  interface Answer {
    status: number;
    chunks: Buffer[];
    text: string;
  }

  async function send(built: BuiltRequest, method: 'GET' | 'POST' = 'POST'): Promise<Answer> {
    const answer = await request(built.url, {
      method,
      headers: built.headers,
      body: method === 'POST' ? built.body : undefined,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(chunk as Buffer);
    return { status: answer.statusCode, chunks, text: Buffer.concat(chunks).toString('utf8') };
  }

  async function chat(adapter: UpstreamAdapter, pivot: Json, model: string, key: string): Promise<Answer> {
    const built = await adapter.buildChat({
      selection: testSelection(
        { baseUrl: mock.url, type: adapter === BEDROCK_ADAPTER ? ChannelType.Aws : ChannelType.Anthropic },
        key,
        model,
      ),
      body: CLAUDE_CODEC.requestFromPivot(pivot),
      stream: pivot.stream === true,
      options: testOptions(),
    });
    return send(built);
  }

  /** The OpenAI chunks and billing facts of a Claude stream. */
  function transcode(events: readonly StreamEvent[]) {
    const transcoder = CLAUDE_CODEC.streamToPivot();
    const meter = CLAUDE_CODEC.streamMeter();
    const out: unknown[] = [];
    for (const event of events) {
      meter.observe(event);
      out.push(...transcoder.push(event).map((chunk) => chunk.data));
    }
    out.push(...transcoder.finish().map((chunk) => chunk.data));
    return { done: out.at(-1), chunks: out.slice(0, -1) as PivotChunk[], meter };
  }

  const sseEvents = (text: string): StreamEvent[] =>
    parseSse(text).map((event) => ({
      event: event.event ?? undefined,
      data: JSON.parse(event.data) as unknown,
    }));

  describe('Anthropic (type 14)', () => {
    it('answers a converted chat with a tool call, and the usage billing reads', async () => {
      const pivot = {
        model: 'claude-sonnet-4-20250514',
        messages: [
          { role: 'system', content: 'You are a weather bot.' },
          { role: 'user', content: 'What is the weather in Paris?' },
        ],
        tools: [WEATHER_TOOL],
      };
      const answer = await chat(CLAUDE_ADAPTER, pivot, 'claude-sonnet-4-20250514', 'sk-ant-good');
      expect(answer.status).toBe(200);
      const message = JSON.parse(answer.text) as Json;
      const completion = CLAUDE_CODEC.answerToPivot(message) as unknown as PivotCompletion;
      expect(completion.choices[0].finish_reason).toBe('tool_calls');
      expect(completion.choices[0].message.tool_calls?.[0].function).toEqual({
        name: 'get_weather',
        arguments: '{"city":"mock"}',
      });
      const usage = CLAUDE_CODEC.usageOfAnswer(message);
      expect(usage?.promptTokens).toBeGreaterThan(0);
      expect(completion.usage.prompt_tokens).toBe(usage?.promptTokens);
      const [recorded] = mock.requests();
      expect(recorded.path).toBe('/v1/messages');
      expect(recorded.headers).toMatchObject({
        'x-api-key': 'sk-ant-good',
        'anthropic-version': '2023-06-01',
      });
      expect(recorded.body).toMatchObject({ model: 'claude-sonnet-4-20250514', max_tokens: 8192 });
    });

    it('streams: Claude events transcode into OpenAI chunks whose text and usage match the meter', async () => {
      const pivot = {
        model: 'm',
        stream: true,
        messages: [{ role: 'user', content: 'Tell me about foxes' }],
      };
      const answer = await chat(CLAUDE_ADAPTER, pivot, 'claude-3-5-haiku-20241022', 'sk-ant-good');
      expect(answer.status).toBe(200);
      const { done, chunks, meter } = transcode(sseEvents(answer.text));
      expect(done).toBe('[DONE]');
      expect(chunks[0].choices[0].delta.role).toBe('assistant');
      const text = chunks
        .flatMap((chunk) => chunk.choices.map((choice) => choice.delta.content ?? ''))
        .join('');
      expect(text.length).toBeGreaterThan(0);
      expect(text).toBe(meter.text);
      const usageChunk = chunks.at(-1);
      expect(usageChunk?.choices).toEqual([]);
      expect(usageChunk?.usage?.completion_tokens).toBe(meter.usage?.completionTokens);
      expect(usageChunk?.usage?.prompt_tokens).toBe(meter.usage?.promptTokens);
    });

    it('bills prompt caching: the second call reads what the first wrote', async () => {
      const pivot = {
        model: 'm',
        messages: [
          {
            role: 'system',
            content: [
              {
                type: 'text',
                text: 'A long shared context. '.repeat(20),
                cache_control: { type: 'ephemeral' },
              },
            ],
          },
          { role: 'user', content: 'Summarise it' },
        ],
      };
      const first = CLAUDE_CODEC.usageOfAnswer(
        JSON.parse((await chat(CLAUDE_ADAPTER, pivot, 'claude-3-7-sonnet-20250219', 'k')).text),
      );
      const second = CLAUDE_CODEC.usageOfAnswer(
        JSON.parse((await chat(CLAUDE_ADAPTER, pivot, 'claude-3-7-sonnet-20250219', 'k')).text),
      );
      expect(first?.cacheCreationTokens).toBeGreaterThan(0);
      expect(second?.cachedTokens).toBe(first?.cacheCreationTokens);
      expect(second?.promptTokens).toBe(first?.promptTokens);
    });

    it('thinks for a -thinking model: reasoning arrives as reasoning_content', async () => {
      const pivot = {
        model: 'm',
        max_tokens: 2000,
        temperature: 0.3,
        messages: [{ role: 'user', content: 'Why is the sky blue?' }],
      };
      const answer = await chat(CLAUDE_ADAPTER, pivot, 'claude-3-7-sonnet-20250219-thinking', 'k');
      expect(answer.status).toBe(200);
      const completion = CLAUDE_CODEC.answerToPivot(JSON.parse(answer.text)) as unknown as PivotCompletion;
      expect(completion.choices[0].message.reasoning_content).toMatch(/^thinking about:/);
      expect(mock.requests()[0].body).toMatchObject({
        model: 'claude-3-7-sonnet-20250219',
        thinking: { type: 'enabled', budget_tokens: 1600 },
      });
    });

    it("refuses a bad key in Claude's shape, read as an authentication_error", async () => {
      const answer = await chat(
        CLAUDE_ADAPTER,
        { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
        'claude-3-haiku-20240307',
        'bad-key',
      );
      expect(answer.status).toBe(401);
      expect(CLAUDE_CODEC.errorToPivot(answer.status, answer.text).error).toMatchObject({
        type: 'authentication_error',
        code: 'authentication_error',
      });
    });

    it('lists the models of the key', async () => {
      const list = CLAUDE_ADAPTER.listModels?.({
        type: 14,
        baseUrl: mock.url,
        key: 'sk-ant-good',
        other: '',
      });
      if (!list) throw new Error('the Anthropic adapter lists models');
      const answer = await send(list, list.method);
      expect(answer.status).toBe(200);
      expect(list.parse(JSON.parse(answer.text))).toContain('claude-3-5-haiku-20241022');
    });
  });

  describe('Bedrock (type 33)', () => {
    it('is accepted with its SigV4 signature (model id with a `:`) and answers in Claude shape', async () => {
      const pivot = { model: 'm', messages: [{ role: 'user', content: 'Hello there' }], max_tokens: 50 };
      const answer = await chat(BEDROCK_ADAPTER, pivot, 'claude-3-5-sonnet-20240620', AWS_KEY);
      expect(answer.status).toBe(200);
      const completion = CLAUDE_CODEC.answerToPivot(JSON.parse(answer.text)) as unknown as PivotCompletion;
      expect(completion.choices[0].message.content).toMatch(/\w/);
      expect(completion.usage.prompt_tokens).toBeGreaterThan(0);
      const [recorded] = mock.requests();
      expect(recorded.path).toBe('/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke');
      expect(recorded.body).toMatchObject({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 50 });
    });

    it('streams AWS event-stream frames that decode, chunk by chunk, into the Claude events', async () => {
      const pivot = {
        model: 'm',
        stream: true,
        messages: [{ role: 'user', content: 'What is the weather in Rome?' }],
        tools: [WEATHER_TOOL],
      };
      const answer = await chat(BEDROCK_ADAPTER, pivot, 'claude-sonnet-4-5-20250929', AWS_KEY);
      expect(answer.status).toBe(200);
      expect(mock.requests()[0].path).toBe(
        '/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke-with-response-stream',
      );
      const decoder = BEDROCK_ADAPTER.streamDecoder?.();
      if (!decoder) throw new Error('Bedrock streams need their decoder');
      const events = [...answer.chunks.flatMap((chunk) => decoder.push(chunk)), ...decoder.finish()];
      expect(events.map((event) => event.event)).toEqual(
        expect.arrayContaining(['message_start', 'content_block_start', 'message_delta', 'message_stop']),
      );
      const { chunks, meter } = transcode(events);
      const calls = chunks.flatMap((chunk) =>
        chunk.choices.flatMap((choice) => choice.delta.tool_calls ?? []),
      );
      expect(calls[0]).toMatchObject({ index: 0, type: 'function', function: { name: 'get_weather' } });
      expect(calls.map((call) => call.function.arguments).join('')).toBe('{"city":"mock"}');
      expect(chunks.at(-1)?.usage?.completion_tokens).toBe(meter.usage?.completionTokens);
      expect(meter.usage?.promptTokens).toBeGreaterThan(0);
    });

    it('is refused with a wrong secret, in a shape the codec reads', async () => {
      const wrong = `${AWS.accessKeyId}|not-the-secret|us-east-1`;
      const answer = await chat(
        BEDROCK_ADAPTER,
        { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
        'claude-3-haiku-20240307',
        wrong,
      );
      expect(answer.status).toBe(403);
      expect(CLAUDE_CODEC.errorToPivot(answer.status, answer.text).error.message).toContain('signature');
    });
  });
});
